import DOMPurify from 'dompurify';
import { customerFromUserData, firstNameOf, Link, numberFormat, PushOptInStore, session, useFormSubmit, useHydrated, useRouteData, useTranslation, webPushBrowser } from '@rumbo/shared';
import { formatCentimos, formatDay, limaDateTime, limaToday, type AccountProfile, type AccountTrip } from '@rumbo/shared/schemas';
import { Badge, Box, Button, chakra, Container, ExternalLink, FramedSection, NotFoundMessage, PushOptIn, SimpleGrid, Skeleton, Stack, Table, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { navigateToUrl } from 'single-spa';
import { FormAlert, Notice, TextField } from './form-fields';
import { DocumentFields, PersonFields } from './identity-fields';
import { AccountFrame, AccountLayout, SECTION_PLACEHOLDER_HEIGHT, sectionOf } from './my-account-layout';
import { pushKey, pushSubscribe } from './account.resource';
import { BoardingPass } from './boarding-pass';
import { CommunicationsSection, MyDataSection } from './privacy.sections';
import { PriceAlertsSection } from './price-alerts.section';
import { creditLoader, Loadable, pointsLoader, pointsRulesLoader, ProfileStore, tripsLoader } from './my-account.store';
import { ACCOUNT_HOME, loginPath } from './navigation';

/** A moment in Lima time, shared's one way: with its time, or its Lima calendar day. */
function formatDate(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return withTime ? limaDateTime(date, language) : formatDay(limaToday(date), language);
}

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
      <Text role="status">{text}</Text>
      <Button type="button" size="sm" variant="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <FramedSection titleId={id} title={title} level="h3">
      {children}
    </FramedSection>
  );
}

/**
 * Mi cuenta's route data (`routes.tsx`): the profile the site server rendered it with (its loader
 * asked the API with the reader's token), given while the reader stays at the address it was
 * rendered for; a section opened later asks the API, as the customer may have changed it since.
 */
export type MyAccountData = AccountProfile;

const Profile = observer(function Profile() {
  const { t } = useTranslation('account');
  const rendered = useRouteData<MyAccountData>();
  const [store] = useState(
    () =>
      new ProfileStore({
        initial: rendered,
        onSaved: (data) => {
          if (session.token) session.signIn(session.token, customerFromUserData(data));
        },
      }),
  );
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.save());
  const form = store.form;

  useEffect(() => {
    // Rendered by the server with the customer's profile: it is the answer the page would ask for.
    if (store.state !== 'ready') void store.load();
  }, [store]);

  if (store.state === 'loading') return <Skeleton height={SECTION_PLACEHOLDER_HEIGHT.profile} />;
  if (store.state === 'failed') return <Failed text={t('profile.failed')} onRetry={() => void store.load()} />;

  return (
    <chakra.form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert form={form} id="profile" alertRef={alertRef} onPick={focus} />
        {store.saved && <Notice title={t('profile.saved')} />}
        <Text textStyle="sm">{t('required')}</Text>
        <Section id="profile-identity" title={t('profile.identity')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <DocumentFields form={form} id="profile" />
          </SimpleGrid>
        </Section>
        <Section id="profile-personal" title={t('profile.personal')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <PersonFields form={form} id="profile" />
          </SimpleGrid>
        </Section>
        <Section id="profile-contact" title={t('profile.contact')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stack gap="1">
              <Text as="span" fontWeight="medium" textStyle="sm" id="profile-correo-label">
                {t('fields.correo')}
              </Text>
              <Text aria-labelledby="profile-correo-label" data-testid="profile-email">
                {store.correo}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {t('hints.correo')}
              </Text>
            </Stack>
            <Stack gap="1">
              <TextField form={form} id="profile" name="correo_cc" type="email" label={t('fields.correo_cc')} required={false} autoComplete="off" hint={t('hints.correo_cc')} />
              {store.ccPending && (
                <Text textStyle="sm" role="status" data-testid="profile-cc-pending">
                  {t('profile.ccPending', { email: store.ccPending })}
                </Text>
              )}
            </Stack>
          </SimpleGrid>
        </Section>
        <Button type="submit" colorPalette="brand" loading={form.sending} alignSelf="start">
          {t('profile.save')}
        </Button>
      </Stack>
    </chakra.form>
  );
});

/** A ticket's state and what can still be done with it: postpone it (upcoming only), fill or see the sworn declaration. */
function TripActions({ trip, upcoming }: { trip: AccountTrip; upcoming: boolean }) {
  const { t } = useTranslation('account');
  if (trip.estado !== 'emitido') {
    // Void: postponed, cancelled (refunded or turned into credit), or transferred (issue 35).
    return (
      <Badge colorPalette="gray" data-testid="trip-state">
        {t(trip.estado === 'anulado' ? 'trips.cancelled' : trip.estado === 'transferido' ? 'trips.transferred' : 'trips.postponed')}
      </Badge>
    );
  }
  return (
    <Stack gap="1" align="start">
      <Badge colorPalette={trip.declaracion ? 'green' : 'orange'} data-testid="trip-declaration">
        {trip.declaracion ? t('trips.declared') : t('trips.notDeclared')}
      </Badge>
      {upcoming && (
        <>
          <Link to={`/pasajes/declaracion/${trip.numero}`} color="brand.fg" textDecoration="underline">
            {trip.declaracion ? t('trips.seeDeclaration', { code: trip.numero }) : t('trips.declare', { code: trip.numero })}
          </Link>
          <Link to={`/pasajes/postergar/${trip.numero}`} color="brand.fg" textDecoration="underline">
            {t('trips.postpone', { code: trip.numero })}
          </Link>
          <Link to={`/pasajes/cambios/${trip.numero}`} color="brand.fg" textDecoration="underline">
            {t('trips.changes', { code: trip.numero })}
          </Link>
        </>
      )}
    </Stack>
  );
}

function TripList({ id, title, trips, empty, upcoming }: { id: string; title: string; trips: AccountTrip[]; empty: string; upcoming: boolean }) {
  const { t, i18n } = useTranslation('account');
  return (
    <Section id={id} title={title}>
      {trips.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('trips.code')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trips.route')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trips.departure')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trips.seat')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trips.ticket')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('trips.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {trips.map((trip) => (
                <Table.Row key={trip.codigo}>
                  <Table.Cell>{trip.codigo}</Table.Cell>
                  <Table.Cell>
                    {trip.origen} → {trip.destino}
                  </Table.Cell>
                  <Table.Cell>{formatDate(trip.salida, i18n.language, true)}</Table.Cell>
                  <Table.Cell>{trip.asiento}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="1" align="start">
                      {upcoming && trip.boleto && <BoardingPass ticket={trip.boleto} />}
                      <ExternalLink href={trip.pdf} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                        {t('trips.download', { code: trip.codigo })}
                      </ExternalLink>
                      {trip.comprobante_pdf && (
                        <ExternalLink href={trip.comprobante_pdf} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                          {t('trips.voucherPdf', { code: trip.codigo })}
                        </ExternalLink>
                      )}
                      {trip.comprobante_xml && (
                        <ExternalLink href={trip.comprobante_xml} color="brand.fg" textDecoration="underline">
                          {t('trips.voucherXml', { code: trip.codigo })}
                        </ExternalLink>
                      )}
                      {/* Issue 36: shown only where the API offers them (a wallet not configured comes as null). */}
                      {upcoming && trip.bolsillo && (
                        <>
                          <ExternalLink href={trip.bolsillo.calendario} color="brand.fg" textDecoration="underline" data-testid="trip-calendar">
                            {t('trips.calendar', { code: trip.codigo })}
                          </ExternalLink>
                          {trip.bolsillo.apple && (
                            <ExternalLink href={trip.bolsillo.apple} color="brand.fg" textDecoration="underline">
                              {t('trips.apple', { code: trip.codigo })}
                            </ExternalLink>
                          )}
                          {trip.bolsillo.google && (
                            <ExternalLink href={trip.bolsillo.google} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                              {t('trips.google', { code: trip.codigo })}
                            </ExternalLink>
                          )}
                        </>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <TripActions trip={trip} upcoming={upcoming} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Section>
  );
}

function useLoaded<T>(create: () => Loadable<T>): Loadable<T> {
  const [loader] = useState(create);
  useEffect(() => {
    void loader.load();
  }, [loader]);
  return loader;
}

const Trips = observer(function Trips() {
  const { t } = useTranslation('account');
  const trips = useLoaded(() => tripsLoader());
  // Issue 36: pushes for all the customer's trips (the signed-in request binds it to the account).
  const [push] = useState(() => new PushOptInStore({ browser: webPushBrowser(), key: pushKey, save: pushSubscribe }));
  useEffect(() => {
    void push.load();
  }, [push]);
  if (trips.state === 'loading') return <Skeleton height={SECTION_PLACEHOLDER_HEIGHT.trips} />;
  if (trips.state === 'failed' || !trips.value) return <Failed text={t('trips.failed')} onRetry={() => void trips.load()} />;
  const { proximos, pasados } = trips.value;
  return (
    <Stack gap="5">
      <TripList id="trips-upcoming" title={t('trips.upcoming')} trips={proximos} empty={t('trips.noneUpcoming')} upcoming />
      <PushOptIn store={push} scope="account" onEnable={() => void push.enable()} />
      <TripList id="trips-past" title={t('trips.past')} trips={pasados} empty={t('trips.nonePast')} upcoming={false} />
      <Link to="/" color="brand.fg" textDecoration="underline" alignSelf="start">
        {t('trips.buy')}
      </Link>
    </Stack>
  );
});

const Points = observer(function Points() {
  const { t, i18n } = useTranslation('account');
  const points = useLoaded(() => pointsLoader());
  if (points.state === 'loading') return <Skeleton height={SECTION_PLACEHOLDER_HEIGHT.points} />;
  if (points.state === 'failed' || !points.value) return <Failed text={t('points.failed')} onRetry={() => void points.load()} />;
  const { saldo, movimientos, retenidos, disponibles } = points.value;
  const number = numberFormat(i18n.language);
  return (
    <Stack gap="5">
      <Box bg="bg.subtle" rounded="lg" p={{ base: 4, md: 6 }}>
        <Text textStyle="sm" color="fg.muted" id="points-balance-label">
          {t('points.balance')}
        </Text>
        <Text textStyle="3xl" fontWeight="bold" aria-labelledby="points-balance-label" data-testid="points-balance">
          {t('points.balanceValue', { value: number.format(saldo) })}
        </Text>
        <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" mt="2" textStyle="sm">
          <chakra.dt fontWeight="semibold">{t('points.available')}</chakra.dt>
          <chakra.dd data-testid="points-available">{t('points.balanceValue', { value: number.format(disponibles) })}</chakra.dd>
          <chakra.dt fontWeight="semibold">{t('points.held')}</chakra.dt>
          <chakra.dd data-testid="points-held">{t('points.balanceValue', { value: number.format(retenidos) })}</chakra.dd>
        </chakra.dl>
        {retenidos > 0 && (
          <Text textStyle="sm" mt="1">
            {t('points.heldHint')}
          </Text>
        )}
      </Box>
      <Section id="points-history" title={t('points.history')}>
        {movimientos.length === 0 ? (
          <Text>{t('points.none')}</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('points.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('points.concept')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('points.points')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('points.after')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {movimientos.map((movement) => (
                  <Table.Row key={movement.id}>
                    <Table.Cell>{formatDate(movement.fecha, i18n.language)}</Table.Cell>
                    <Table.Cell>
                      {t(`points.concepts.${movement.concepto}`)}
                      {movement.detalle && ` · ${movement.detalle}`}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{`${movement.puntos > 0 ? '+' : '−'}${number.format(Math.abs(movement.puntos))}`}</Table.Cell>
                    <Table.Cell textAlign="end">{number.format(movement.saldo)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>
      <PointsRulesSection />
    </Stack>
  );
});

/**
 * Issue 35: Mi saldo, the travel credit: what can be spent now (less what a pending purchase holds),
 * and every movement: issued (from which ticket, until when) and spent (on which purchase).
 */
const CreditSection = observer(function CreditSection() {
  const { t, i18n } = useTranslation('account');
  const credit = useLoaded(() => creditLoader());
  if (credit.state === 'loading') return <Skeleton height={SECTION_PLACEHOLDER_HEIGHT.credit} />;
  if (credit.state === 'failed' || !credit.value) return <Failed text={t('credit.failed')} onRetry={() => void credit.load()} />;
  const { disponible_centimos, movimientos } = credit.value;
  const lang = i18n.language;
  return (
    <Stack gap="5">
      <Box borderWidth="1px" rounded="lg" p="5">
        <Text textStyle="sm" color="fg.muted" id="credit-balance-label">
          {t('credit.balance')}
        </Text>
        <Text textStyle="3xl" fontWeight="bold" aria-labelledby="credit-balance-label" data-testid="credit-balance">
          {formatCentimos(disponible_centimos, lang)}
        </Text>
        <Text textStyle="sm" color="fg.muted" mt="2">
          {t('credit.hint')}
        </Text>
      </Box>
      <Section id="credit-history" title={t('credit.history')}>
        {movimientos.length === 0 ? (
          <Text>{t('credit.none')}</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="credit-movements">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('credit.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credit.concept')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('credit.amount')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('credit.expires')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {movimientos.map((movement, i) => (
                  <Table.Row key={`${movement.fecha}-${i}`}>
                    <Table.Cell>{formatDate(movement.fecha, lang)}</Table.Cell>
                    <Table.Cell>{t(`credit.concepts.${movement.concepto}`, { ticket: movement.origen })}</Table.Cell>
                    <Table.Cell textAlign="end">{`${movement.monto_centimos > 0 ? '+' : '−'}${formatCentimos(Math.abs(movement.monto_centimos), lang)}`}</Table.Cell>
                    <Table.Cell>{movement.concepto === 'emision' ? formatDate(movement.vence, lang) : ''}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Section>
    </Stack>
  );
});

/** The points rules of the information pages (`pointsRulesSlash`): the API's HTML, sanitised here too. */
const PointsRulesSection = observer(function PointsRulesSection() {
  const { t } = useTranslation('account');
  const rules = useLoaded(() => pointsRulesLoader());
  if (rules.state === 'loading') return <Skeleton height="120px" />;
  if (rules.state === 'failed' || !rules.value) return <Failed text={t('points.rulesFailed')} onRetry={() => void rules.load()} />;
  return (
    <Section id="points-rules" title={rules.value.titulo}>
      <Box
        data-testid="points-rules"
        css={{ '& p': { marginBottom: '2' }, '& ul': { paddingInlineStart: '5', listStyleType: 'disc' } }}
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(rules.value.html, { USE_PROFILES: { html: true } }) }}
      />
      <Link to="/" color="brand.fg" textDecoration="underline" display="inline-block" mt="3">
        {t('points.redeem')}
      </Link>
    </Section>
  );
});

/** `/micuenta`, `/micuenta/viajes`, `/micuenta/puntos`, `/micuenta/saldo`, `/micuenta/comunicaciones`, `/micuenta/datos`: profile, trips, points, travel credit, consents (issue 47), download and closing (issue 47); signed-out visitors go to sign in. */
export const MyAccountPage = observer(function MyAccountPage() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const signedIn = session.isSignedIn;
  const current = sectionOf(pathname);
  // What the server rendered: the signed-in page with the customer's profile (their token reached
  // it), else the frame (no customer data); the browser hydrates the same.
  const hydrated = useHydrated();
  const data = useRouteData<MyAccountData>();
  const [rendered] = useState(() => (signedIn ? data : undefined));
  const name = session.firstName || firstNameOf(rendered?.nombres ?? '');

  useEffect(() => {
    // Only while this page is the one shown: a log-out elsewhere has already left for another page.
    if (!signedIn && window.location.pathname.startsWith(ACCOUNT_HOME)) navigateToUrl(loginPath(window.location.pathname));
  }, [signedIn]);

  // Leaves first (so this page does not send a signed-out visitor to sign in), then ends the
  // session on the server too (issue 15): this one, or every session of the account.
  const logOut = (everywhere = false) => {
    navigateToUrl('/');
    void session.logOut({ everywhere });
  };

  // The account is closed and every session ended on the server: this one ends here too.
  const closed = () => {
    navigateToUrl('/');
    session.signOut();
  };

  if (!hydrated && !rendered) return <AccountFrame current={current} logOut={logOut} />;

  if (!signedIn) {
    return (
      <Container maxW="5xl" py="10">
        <Text role="status">{t('account.redirecting')}</Text>
      </Container>
    );
  }

  return (
    <AccountLayout current={current} greeting={name ? t('account.greeting', { name }) : undefined} logOut={logOut}>
      {current === 'profile' && <Profile />}
      {current === 'trips' && <Trips />}
      {current === 'points' && <Points />}
      {current === 'credit' && <CreditSection />}
      {current === 'communications' && (
        <Stack gap="5">
          <CommunicationsSection />
          <PriceAlertsSection />
        </Stack>
      )}
      {current === 'data' && <MyDataSection onClosed={closed} />}
      {!current && <NotFoundMessage />}
    </AccountLayout>
  );
});
