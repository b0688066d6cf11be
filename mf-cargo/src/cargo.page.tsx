import { answerIn, Link, messageText, useAnswer, useFormSubmit, useRouteData, useTranslation } from '@rumbo/shared';
import { CARGO_PRICING } from '@rumbo/shared/schemas';
import { Alert, Box, Button, Card, Container, Heading, List, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { SelectField, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { fetchCargoAgencies, fetchCities, type Agency, type CargoData, type City } from './cargo.resource';
import { EstimateStore, type EstimateField } from './estimate.store';
import { formatSoles } from '@rumbo/shared/schemas';

const CitySelect = observer(function CitySelect({ store, field, cities }: { store: EstimateStore; field: EstimateField; cities: City[] }) {
  const { t } = useTranslation('cargo');
  return (
    <SelectField
      id={`estimate-${field}`}
      name={field}
      label={t(`service.estimate.${field}`)}
      value={store.form.values[field]}
      onValue={(value) => store.set(field, value)}
      options={cities.map((city) => ({ value: city.codigo, label: city.nombre }))}
      placeholder={t('service.estimate.choose')}
      error={store.form.fieldError(field)}
      required
    />
  );
});

const EstimateForm = observer(function EstimateForm({ cities }: { cities: City[] }) {
  const { t, i18n } = useTranslation('cargo');
  const [store] = useState(() => new EstimateStore());
  const name = (code: string) => cities.find((c) => c.codigo === code)?.nombre ?? code;
  const { formRef, alertRef, onSubmit } = useFormSubmit(() => store.submit());
  return (
    <Card.Root as="section" aria-labelledby="estimate-title" variant="outline">
      <Card.Body>
        <Heading as="h2" id="estimate-title" size="lg" mb="4">
          {t('service.estimate.title')}
        </Heading>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="estimate-title">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <CitySelect store={store} field="origen" cities={cities} />
            <CitySelect store={store} field="destino" cities={cities} />
            <TextField
              id="estimate-peso"
              name="peso"
              label={t('service.estimate.peso')}
              value={store.form.values.peso}
              onValue={(value) => store.set('peso', value)}
              error={store.form.fieldError('peso')}
              inputMode="decimal"
              required
            />
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" mt="4" loading={store.form.sending}>
            {t('service.estimate.submit')}
          </Button>
        </form>
        <Box aria-live="polite" mt="4">
          {store.result && (
            <Box bg="brand.subtle" rounded="md" p="4" data-testid="estimate-result">
              <Text fontWeight="bold">
                {t('service.estimate.result', {
                  origen: name(store.result.origen),
                  destino: name(store.result.destino),
                  peso: store.result.peso,
                  precio: formatSoles(store.result.precio, i18n.language),
                })}
              </Text>
              <Text fontSize="sm">{t('service.estimate.hours', { horas: store.result.horas })}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('service.estimate.note')}
              </Text>
            </Box>
          )}
          {store.form.problem && (
            <Alert.Root ref={alertRef} tabIndex={-1} status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{messageText(t, store.form.problem)}</Alert.Title>
            </Alert.Root>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
});

function CargoAgencies({ agencies }: { agencies: Agency[] }) {
  const { t } = useTranslation('cargo');
  const byCity = useMemo(() => {
    const groups = new Map<string, Agency[]>();
    for (const agency of agencies) groups.set(agency.ciudad, [...(groups.get(agency.ciudad) ?? []), agency]);
    return [...groups];
  }, [agencies]);
  return (
    <Box as="section" aria-labelledby="cargo-agencies">
      <Heading as="h2" id="cargo-agencies" size="lg" mb="1">
        {t('service.agencies.title')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t('service.agencies.count', { count: agencies.length })} ·{' '}
        <Link to="/oficina" color="brand.fg" textDecoration="underline">
          {t('service.agencies.all')}
        </Link>
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {byCity.map(([city, list]) => (
          <Box key={city}>
            <Heading as="h3" size="sm" mb="1">
              {city}
            </Heading>
            <List.Root listStyleType="none" gap="2" fontSize="sm">
              {list.map((agency) => (
                <List.Item key={agency.cagencia}>
                  <Text fontWeight="semibold">{agency.nombre}</Text>
                  <Text>{agency.direccion}</Text>
                  <Text>
                    {t('service.agencies.phone')}: {agency.telefono}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** `/cargo`: what can be sent, how the price is set, an estimate, and the agencies that take cargo. */
export default function CargoPage() {
  const { t } = useTranslation('cargo');
  // In the HTML (the loader's): a tap on a city select before the code opens every city.
  const rendered = useRouteData<CargoData>();
  const cities = useAnswer(fetchCities, (language) => answerIn(rendered, language));
  const agencies = useAnswer(fetchCargoAgencies);
  const items = t('service.what.items', { returnObjects: true }) as unknown as string[];
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <Box>
          <Text color="brand.fg" fontWeight="semibold" mb="1">
            {t('service.eyebrow')}
          </Text>
          <Heading as="h1" size="3xl" mb="3">
            {t('service.title')}
          </Heading>
          <Text fontSize="lg" maxW="3xl" mb="4">
            {t('service.lead')}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'center' }}>
            <Link to="/cargo/seguimiento" bg="brand.solid" color="brand.contrast" px="5" py="3" rounded="md" fontWeight="semibold">
              {t('service.trackCta')}
            </Link>
            <Link to="/carga/clausulas" color="brand.fg" textDecoration="underline">
              {t('service.clausesLink')}
            </Link>
          </Stack>
        </Box>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
          <Box as="section" aria-labelledby="cargo-what">
            <Heading as="h2" id="cargo-what" size="lg" mb="3">
              {t('service.what.title')}
            </Heading>
            <List.Root ps="5" gap="1" mb="3">
              {items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List.Root>
            <Text fontSize="sm" color="fg.muted">
              {t('service.what.forbidden')}
            </Text>
          </Box>
          <Box as="section" aria-labelledby="cargo-pricing">
            <Heading as="h2" id="cargo-pricing" size="lg" mb="3">
              {t('service.pricing.title')}
            </Heading>
            <Text mb="2">{t('service.pricing.body', CARGO_PRICING)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('service.pricing.declared')}
            </Text>
          </Box>
        </SimpleGrid>
        <EstimateForm cities={cities.data ?? []} />
        {agencies.data && <CargoAgencies agencies={agencies.data} />}
      </Stack>
    </Container>
  );
}
