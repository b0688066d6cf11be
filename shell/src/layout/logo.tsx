/**
 * The Rumbo Andino logo: a mountain ridge crossed by a road, and the wordmark. Three variants:
 * `light` (full colour, for light backgrounds), `dark` (for dark backgrounds), `mono` (one ink).
 */
export type LogoVariant = 'light' | 'dark' | 'mono';

const PALETTES: Record<LogoVariant, { mark: string; road: string; sun: string; text: string }> = {
  light: { mark: '#0f3a60', road: '#ffffff', sun: '#d86f0f', text: '#0f3a60' },
  dark: { mark: '#ffffff', road: '#0a2b48', sun: '#f9a94f', text: '#ffffff' },
  mono: { mark: 'currentColor', road: 'transparent', sun: 'currentColor', text: 'currentColor' },
};

export function Logo({ variant = 'light', title, height = 36 }: { variant?: LogoVariant; title?: string; height?: number }) {
  const c = PALETTES[variant];
  return (
    <svg
      viewBox="0 0 210 48"
      height={height}
      width={(height * 210) / 48}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      data-variant={variant}
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="33" cy="12" r="6" fill={c.sun} />
      <path d="M2 44 L18 18 L26 30 L34 20 L46 44 Z" fill={c.mark} />
      <path d="M22 44 C26 38 30 36 34 30" stroke={c.road} strokeWidth="3" fill="none" strokeLinecap="round" />
      <text x="54" y="23" fontFamily="system-ui, sans-serif" fontSize="17" fontWeight="800" fill={c.text} letterSpacing="0.5">
        RUMBO
      </text>
      <text x="54" y="42" fontFamily="system-ui, sans-serif" fontSize="15" fontWeight="500" fill={c.sun} letterSpacing="3">
        ANDINO
      </text>
    </svg>
  );
}
