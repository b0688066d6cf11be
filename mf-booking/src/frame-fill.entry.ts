import { fillFrame } from './frame-fill';

// Run as soon as it arrives (async): the frame's elements are in the page by then, or it waits for them.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => fillFrame(), { once: true });
else fillFrame();
