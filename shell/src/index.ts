// The shell provides every shared singleton eagerly (webpack.federation.mjs), so it needs no
// async boundary: starting at once saves a round trip before the first render.
import './bootstrap';
