import arequipa from './images/arequipa.svg';
import cusco from './images/cusco.svg';
import lima from './images/lima.svg';
import trujillo from './images/trujillo.svg';
import tumbes from './images/tumbes.svg';

/** An illustration per destination page (drawn for this site; 400×200 SVG). */
export const DESTINATION_IMAGES: Record<string, string> = { arequipa, cusco, lima, trujillo, tumbes };
