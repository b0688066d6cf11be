import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react';
import { forwardRef, useEffect, useRef, type MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { PREFETCH_MARGIN, prefetchRoute } from './prefetch';

export interface LinkProps extends Omit<ChakraLinkProps, 'href'> {
  /** A path of the site (`/cargo`) or an absolute URL. */
  to: string;
}

const isInternal = (to: string) => to.startsWith('/') && !to.startsWith('//');

/**
 * A link of the site: navigates without a reload (single-spa routes it to the owning remote)
 * and preloads that remote 200px before the link enters the viewport.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, onClick, ...rest }, forwarded) {
  const own = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    const element = own.current;
    if (!element || !isInternal(to) || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          prefetchRoute(new URL(to, window.location.origin).pathname);
          observer.disconnect();
        }
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [to]);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || !isInternal(to) || rest.target) return;
    event.preventDefault();
    navigateToUrl(to);
  };

  return (
    <ChakraLink
      {...rest}
      href={to}
      onClick={handleClick}
      ref={(element: HTMLAnchorElement | null) => {
        own.current = element;
        if (typeof forwarded === 'function') forwarded(element);
        else if (forwarded) forwarded.current = element;
      }}
    />
  );
});
