import { prefetchRoute, useTranslation } from '@rumbo/shared';
import { Box, Container, ErrorNotice, Heading, NotFoundMessage, Text } from '@rumbo/shared/ui';
import { useMemo, type MouseEvent, type SyntheticEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { formatDate, useInformationPage, type InfoPage } from './information.resource';
import { InformationSkeleton } from './information.skeleton';
import { sanitizePageHtml } from './sanitize';

/** Readable long-form text: the API's HTML has headings, paragraphs, lists, tables and links. */
const proseCss = {
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.75',
  color: 'fg',
  '& h2': { fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.3', mt: '10', mb: '3' },
  '& h3': { fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', lineHeight: '1.35', mt: '8', mb: '2' },
  '& h4, & h5, & h6': { fontSize: 'md', fontWeight: 'semibold', mt: '6', mb: '2' },
  '& p': { mb: '4' },
  '& ul, & ol': { ps: '6', mb: '4' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '2', ps: '1' },
  '& li::marker': { color: 'brand.fg' },
  '& strong, & b': { fontWeight: 'semibold' },
  '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '3px', wordBreak: 'break-word' },
  '& a:hover': { color: 'brand.800', textDecorationThickness: '2px' },
  '& a:focus-visible, & .table-scroll:focus-visible': {
    outline: '3px solid',
    outlineColor: 'brand.focusRing',
    outlineOffset: '2px',
    borderRadius: 'xs',
  },
  '& .table-scroll': { overflowX: 'auto', my: '6' },
  '& table': { w: 'full', minW: 'md', borderCollapse: 'collapse', fontSize: 'sm', lineHeight: '1.5' },
  '& caption': { captionSide: 'top', textAlign: 'start', fontWeight: 'semibold', mb: '2' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', px: '3', py: '2', textAlign: 'start', verticalAlign: 'top' },
  '& thead th': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' },
  '& tbody tr:nth-of-type(even)': { bg: 'bg.subtle' },
  '& > :first-child': { mt: '0' },
} as const;

/** The same-site path a link of the page's HTML points at, or undefined for another site. */
function internalPath(target: EventTarget): string | undefined {
  const anchor = target instanceof Element ? target.closest('a') : null;
  if (!anchor?.href) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  return url.pathname + url.search + url.hash;
}

/**
 * Links inside the API's HTML behave as the site's `Link`: same-site ones navigate without a
 * reload (single-spa routes them) and preload their remote when pointed at or focused.
 */
function followLink(event: MouseEvent<HTMLElement>) {
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
  if (event.defaultPrevented || modified) return;
  const path = internalPath(event.target);
  if (!path || path.startsWith(`${window.location.pathname}#`)) return;
  event.preventDefault();
  navigateToUrl(path);
}

function preloadLink(event: SyntheticEvent<HTMLElement>) {
  const path = internalPath(event.target);
  if (path) prefetchRoute(new URL(path, window.location.origin).pathname);
}

/**
 * Rendered in the browser, the HTML passes DOMPurify. Rendered in Node (the site server's render,
 * `renderer.tsx`), the loader has checked it against the API's own allowlist already.
 */
const safeHtml = (html: string) => (typeof document === 'undefined' ? boxTables(html) : sanitizePageHtml(html));

/** In Node, what the browser's sanitiser adds (`sanitize.ts`): a table scrolls in its own box. */
export const boxTables = (html: string) =>
  html.split('<table>').join('<div class="table-scroll" tabindex="0"><table>').split('</table>').join('</table></div>');

function Page({ page, dateText }: { page: InfoPage; dateText?: string }) {
  const { t, i18n } = useTranslation('content');
  const html = useMemo(() => safeHtml(page.html), [page.html]);
  return (
    <Container as="article" maxW="3xl" py={{ base: '8', md: '12' }} aria-labelledby="information-title">
      <Heading as="h1" id="information-title" fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.2" mb="3">
        {page.titulo}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="8" pb="6" borderBottomWidth="1px">
        {t('information.updated')}{' '}
        <time dateTime={page.actualizado}>{dateText ?? formatDate(page.actualizado, i18n.language)}</time>
      </Text>
      <Box
        css={proseCss}
        data-testid="information-body"
        onClick={followLink}
        onMouseOver={preloadLink}
        onFocus={preloadLink}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Container>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('content');
  return (
    <ErrorNotice
      title={t('information.error.title')}
      body={t('information.error.body')}
      retryLabel={t('information.error.retry')}
      onRetry={onRetry}
    />
  );
}

/** `/informacion/*`: one page of `contentEndpoints.page`, loaded with its own chunk (DOMPurify). */
export default function InformationPage({ id }: { id: number }) {
  const { state, retry } = useInformationPage(id);
  switch (state.status) {
    case 'loading':
      return <InformationSkeleton />;
    case 'not-found':
      return <NotFoundMessage />;
    case 'error':
      return <LoadError onRetry={retry} />;
    case 'ready':
      return <Page page={state.page} dateText={state.dateText} />;
  }
}
