import { routedByRows } from '@rumbo/shared';
import { NotFoundMessage } from '@rumbo/shared/ui';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import { CONTENT_ROUTES } from './routes';

/** The remote's routed screens, by the address with its rows (its own chunk: the home page does not carry the router). */
export default routedByRows({ BrowserRouter, StaticRouter, Routes, Route }, CONTENT_ROUTES, <NotFoundMessage />);
