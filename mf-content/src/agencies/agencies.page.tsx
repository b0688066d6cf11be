import { Alert, Box, chakra, Container, Grid, PageTitle, SelectControl, type SelectControlProps, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { fetchAgencies, type Agency } from '../content.resource';
import { AgencyCard } from './agency-card';
import { useAnswer, useTranslation, WhenIdle } from '@rumbo/shared';

// Leaflet and its stylesheet load with this chunk, only on this page.
const AgencyMap = lazy(() => import(/* webpackChunkName: "agency-map" */ './agency-map'));

/** A map that fails to load leaves a note; the list keeps working. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type ServiceFilter = '' | 'pasajes' | 'carga';

export function filterAgencies(agencies: Agency[], ciudad: string, servicio: ServiceFilter): Agency[] {
  return agencies.filter((a) => (!ciudad || a.codigo === ciudad) && (!servicio || a.servicios[servicio]));
}

/** `/oficina`: agencies filterable by city (`?ciudad=LIM`) and service, as a list and on a map. */
/** One of the list's filters: a labelled select (`agencies-<name>`), its first choice "any". */
function FilterSelect({ name, label, ...select }: { name: 'ciudad' | 'servicio'; label: string } & Pick<SelectControlProps, 'value' | 'onValue' | 'placeholder' | 'options'>) {
  return (
    <Box flex="1">
      <chakra.label htmlFor={`agencies-${name}`} display="block" fontWeight="medium" fontSize="sm" mb="1.5">
        {label}
      </chakra.label>
      <SelectControl id={`agencies-${name}`} name={name} borderColor="border.control" {...select} />
    </Box>
  );
}

export default function AgenciesPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const ciudad = (params.get('ciudad') ?? '').toUpperCase();
  const servicio = (['pasajes', 'carga'].includes(params.get('servicio') ?? '') ? params.get('servicio') : '') as ServiceFilter;
  const { data: agencies, failed } = useAnswer(() => fetchAgencies());

  const cities = useMemo(() => {
    const byCode = new Map((agencies ?? []).map((a) => [a.codigo, a.ciudad]));
    return [...byCode].sort((a, b) => a[1].localeCompare(b[1], 'es'));
  }, [agencies]);
  const shown = useMemo(() => filterAgencies(agencies ?? [], ciudad, servicio), [agencies, ciudad, servicio]);

  const setFilter = (name: 'ciudad' | 'servicio', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const mapLoading = <Skeleton h={{ base: '72', lg: 'full' }} rounded="lg" aria-label={t('agencies.mapLoading')} />;

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <PageTitle title={t('agencies.title')} lead={t('agencies.lead')} mb="6" />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4" mb="6" maxW="2xl">
        <FilterSelect
          name="ciudad"
          label={t('agencies.city')}
          value={ciudad}
          onValue={(value) => setFilter('ciudad', value)}
          placeholder={t('agencies.allCities')}
          options={cities.map(([value, label]) => ({ value, label }))}
        />
        <FilterSelect
          name="servicio"
          label={t('agencies.service')}
          value={servicio}
          onValue={(value) => setFilter('servicio', value)}
          placeholder={t('agencies.anyService')}
          options={[
            { value: 'pasajes', label: t('agencies.tickets') },
            { value: 'carga', label: t('agencies.cargo') },
          ]}
        />
      </Stack>
      {failed && (
        <Alert.Root status="error" role="alert" mb="6">
          <Alert.Indicator />
          <Alert.Title>{t('common.loadError')}</Alert.Title>
        </Alert.Root>
      )}
      {/* Phones: the map (fixed height) above the list, so the list growing as agencies arrive
          moves nothing on screen; from lg: list left, sticky map right. */}
      <Grid
        templateColumns={{ base: '1fr', lg: '2fr 3fr' }}
        templateAreas={{ base: '"map" "list"', lg: '"list map"' }}
        gap="6"
        alignItems="start"
      >
        <Box gridArea="map" position={{ lg: 'sticky' }} top={{ lg: '24' }} h={{ lg: '70vh' }}>
          <MapBoundary fallback={<Text role="status">{t('agencies.mapError')}</Text>}>
            {/* Leaflet downloads and draws once the page's text is on screen and the browser is idle. */}
            <WhenIdle fallback={mapLoading}>
              <Suspense fallback={mapLoading}>
                <AgencyMap agencies={shown} fit={Boolean(ciudad)} />
              </Suspense>
            </WhenIdle>
          </MapBoundary>
        </Box>
        <Box gridArea="list">
          <Text role="status" fontWeight="semibold" mb="3" data-testid="agency-count">
            {agencies ? t('agencies.count', { count: shown.length }) : t('common.loading')}
          </Text>
          {!agencies && !failed && <Skeleton h="40" rounded="lg" />}
          {agencies && shown.length === 0 && <Text>{t('agencies.empty')}</Text>}
          <Stack as="ul" listStyleType="none" gap="3" maxH={{ lg: '70vh' }} overflowY={{ lg: 'auto' }} tabIndex={agencies ? 0 : undefined} aria-label={t('agencies.title')}>
            {shown.map((agency) => (
              <li key={agency.cagencia}>
                <AgencyCard agency={agency} headingLevel="h2" />
              </li>
            ))}
          </Stack>
        </Box>
      </Grid>
    </Container>
  );
}
