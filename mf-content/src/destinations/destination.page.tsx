import { answerIn, ApiError, Link, useRouteData, useTranslation, type ServerAnswer } from '@rumbo/shared';
import { Alert, Box, Container, Grid, Heading, Image, NotFoundMessage, SimpleGrid, Skeleton, Stack, Table, Text } from '@rumbo/shared/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AgencyCard } from '../agencies/agency-card';
import { fetchDestination, type Destination } from '../content.resource';
import { formatSoles } from '@rumbo/shared/schemas';
import { duration } from '../money';
import { SearchWidget } from '../search/search-widget';
import { DESTINATION_IMAGES } from './images';

type State = { status: 'loading' } | { status: 'ready'; destination: Destination } | { status: 'not-found' } | { status: 'error' };

/** A destination page's route data (`routes.tsx`): the API's answer its loader asked, in the reader's language. */
export type DestinationData = ServerAnswer<Destination>;

/**
 * The destination `slug` in the current language: from the page's HTML where the server rendered
 * it, then from the API (a refresh that fails keeps what shows).
 */
function useDestination(slug: string): State {
  const { i18n } = useTranslation('content');
  const key = `${slug}|${i18n.language}`;
  // The destination the server rendered the page with: the first render shows, and hydrates, exactly that.
  const data = useRouteData<DestinationData>();
  const [state, setState] = useState<{ key: string; state: State } | undefined>(() => {
    const destination = answerIn(data, i18n.language);
    return destination && { key, state: { status: 'ready', destination } };
  });
  useEffect(() => {
    let live = true;
    const shown = (previous: typeof state) => (previous?.key === key && previous.state.status === 'ready' ? previous : undefined);
    fetchDestination(slug).then(
      (destination) => live && setState((previous) => (destination ? { key, state: { status: 'ready', destination } } : (shown(previous) ?? { key, state: { status: 'error' } }))),
      (error: unknown) =>
        live &&
        setState((previous) =>
          error instanceof ApiError && error.status === 404 ? { key, state: { status: 'not-found' } } : (shown(previous) ?? { key, state: { status: 'error' } }),
        ),
    );
    return () => {
      live = false;
    };
  }, [slug, key]);
  return state?.key === key ? state.state : { status: 'loading' };
}

/** A section of the page: its title and a plain list. */
function ListSection({ id, title, gap, children }: { id: string; title: string; gap: '2' | '3'; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" id={id} size="xl" mb="4">
        {title}
      </Heading>
      <Stack as="ul" listStyleType="none" gap={gap}>
        {children}
      </Stack>
    </Box>
  );
}

function Page({ destination: d }: { destination: Destination }) {
  const { t, i18n } = useTranslation('content');
  const image = DESTINATION_IMAGES[d.slug];
  const routes = [...d.rutas].sort((a, b) => (a.precio_desde ?? Infinity) - (b.precio_desde ?? Infinity));
  return (
    <Stack gap="10">
      <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="8" alignItems="center">
        <Box>
          <Text color="brand.fg" fontWeight="semibold" mb="1">
            {t('destination.eyebrow')}
          </Text>
          <Heading as="h1" size="3xl" mb="3">
            {t('destination.title', { nombre: d.nombre })}
          </Heading>
          <Text fontSize="lg" fontWeight="semibold" mb="2">
            {d.resumen}
          </Text>
          <Text lineHeight="1.7">{d.descripcion}</Text>
        </Box>
        {image && <Image src={image} alt="" aspectRatio="2 / 1" w="full" h="auto" rounded="xl" fetchPriority="high" />}
      </Grid>
      <SearchWidget destino={d.codigo} title={t('destination.search', { nombre: d.nombre })} />
      <Box as="section" aria-labelledby="destination-routes">
        <Heading as="h2" id="destination-routes" size="xl" mb="4">
          {t('destination.routes', { nombre: d.nombre })}
        </Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="destination-routes">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('destination.origin')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('destination.duration')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('destination.price')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">
                  <Text srOnly>{t('destination.buy')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {routes.map((route) => (
                <Table.Row key={route.origen.codigo}>
                  <Table.Cell>{route.origen.nombre}</Table.Cell>
                  <Table.Cell>{duration(route.duracion_min)}</Table.Cell>
                  <Table.Cell fontWeight="semibold">{route.precio_desde !== null ? formatSoles(route.precio_desde, i18n.language) : t('common.noPrice')}</Table.Cell>
                  <Table.Cell>
                    <Link
                      to={`/pasajes?origen=${route.origen.codigo}&destino=${d.codigo}`}
                      color="brand.fg"
                      textDecoration="underline"
                      aria-label={t('destination.buyFrom', { origen: route.origen.nombre, destino: d.nombre })}
                    >
                      {t('destination.buy')}
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
        <ListSection id="destination-terminals" title={t('destination.terminals', { nombre: d.nombre })} gap="2">
          {d.terminales.map((terminal) => (
            <li key={terminal.cterminal}>
              <Text fontWeight="semibold">{terminal.nombre}</Text>
              <Text fontSize="sm">{terminal.direccion}</Text>
            </li>
          ))}
        </ListSection>
        <ListSection id="destination-agencies" title={t('destination.agencies', { nombre: d.nombre })} gap="3">
          {d.agencias.map((agency) => (
            <li key={agency.cagencia}>
              <AgencyCard agency={agency} />
            </li>
          ))}
        </ListSection>
      </SimpleGrid>
    </Stack>
  );
}

/** `/destinos/{city}`: the city, routes to it with "from" prices, a search preset to it, terminals and agencies. */
export default function DestinationPage() {
  const { t } = useTranslation('content');
  const { city = '' } = useParams();
  const state = useDestination(city);
  if (state.status === 'not-found') return <NotFoundMessage />;
  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      {state.status === 'loading' && <Skeleton h="64" rounded="xl" />}
      {state.status === 'error' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('common.loadError')}</Alert.Title>
        </Alert.Root>
      )}
      {state.status === 'ready' && <Page destination={state.destination} />}
    </Container>
  );
}
