/** The search widget's field colours (its city, date and passenger fields look alike). */
export const ERROR_COLOR = 'fg.error';
export const CONTROL_BORDER = 'border.control';
