import type { ReactNode, SVGProps } from 'react';

/**
 * Line icons drawn inline: no image request, colour from `currentColor`. Decorative only: the
 * text next to each icon says what it means, so they are hidden from assistive technology.
 */
function LineIcon({ children, viewBox = '0 0 24 24', ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox={viewBox}
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const SteeringWheelIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M3.5 10.5 9.6 11.2M14.4 11.2l6.1-.7M12 14.5V21" />
  </LineIcon>
);

export const GpsIcon = () => (
  <LineIcon>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </LineIcon>
);

export const RouteIcon = () => (
  <LineIcon>
    <circle cx="6" cy="18" r="2.2" />
    <circle cx="18" cy="6" r="2.2" />
    <path d="M8.2 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h6.8" strokeDasharray="2.2 2.4" />
  </LineIcon>
);

export const CalendarStarIcon = () => (
  <LineIcon>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 9.5h17M8 3v4M16 3v4" />
    <path d="m12 11.6 1.1 2.2 2.4.3-1.8 1.7.5 2.4-2.2-1.2-2.2 1.2.5-2.4-1.8-1.7 2.4-.3Z" />
  </LineIcon>
);

export const UsbIcon = () => (
  <LineIcon>
    <path d="M12 3v15M12 3l-2 3h4l-2-3ZM12 13l-4-2.5V8M12 15l4-2.5V10" />
    <circle cx="12" cy="19.5" r="1.5" />
    <circle cx="8" cy="7" r="1" />
    <rect x="15" y="8.5" width="2" height="2" />
  </LineIcon>
);

export const SnowflakeIcon = () => (
  <LineIcon>
    <path d="M12 2.5v19M3.8 7.25l16.4 9.5M3.8 16.75l16.4-9.5" />
    <path d="m9.5 4 2.5 2 2.5-2M9.5 20l2.5-2 2.5 2M4.6 10.4l2.9-.6-.9-2.9M19.4 13.6l-2.9.6.9 2.9M4.6 13.6l2.9.6-.9 2.9M19.4 10.4l-2.9-.6.9-2.9" />
  </LineIcon>
);

/**
 * A seat in profile whose backrest opens to `degrees` from the cushion (90° upright, 180° flat),
 * so the three classes can be told apart at a glance.
 */
export function ReclineIcon({ degrees }: { degrees: number }) {
  const hinge = { x: 22, y: 22 };
  const lean = ((180 - degrees) * Math.PI) / 180;
  const back = { x: hinge.x - 16 * Math.cos(lean), y: hinge.y - 16 * Math.sin(lean) };
  return (
    <LineIcon viewBox="0 0 48 32" strokeWidth="3">
      <path d={`M${back.x.toFixed(1)} ${back.y.toFixed(1)} L${hinge.x} ${hinge.y} H38 L43 ${degrees === 180 ? 22 : 27}`} />
      <path d="M26 22v6M36 22v6" strokeWidth="2" />
    </LineIcon>
  );
}
