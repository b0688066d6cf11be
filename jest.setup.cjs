require('@testing-library/jest-dom');

// findBy*/waitFor wait for behaviour, not for speed: a loaded CI machine may need more than 1 s.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: Chakra and the prefetching Link need these browser APIs to exist (a test of a
// server renderer runs in Node: `@jest-environment node`, no window).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false, media: query, onchange: null,
      addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
    });
  }
  if (!window.IntersectionObserver) {
    window.IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } };
  }
  if (!window.ResizeObserver) {
    window.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
  }
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
}
