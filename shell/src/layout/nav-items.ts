/** The header's top navigation (spec §2), in its order. */
export const NAV_ITEMS = [
  { key: 'cargo', to: '/cargo' },
  { key: 'tracking', to: '/cargo/seguimiento' },
  { key: 'promotions', to: '/promociones' },
  { key: 'agencies', to: '/oficina' },
] as const;
