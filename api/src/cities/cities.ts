/**
 * The 23 destinations. Codes are fixed (DECISIONS.md, Cities); `codigo` is the city's airport
 * code where it has one, else a three-letter code in the same style, unique in this list.
 */
export const CITIES = [
  { cciudad: 1, nombre: 'Arequipa', codigo: 'AQP', slug: 'arequipa' },
  { cciudad: 2, nombre: 'Cusco', codigo: 'CUZ', slug: 'cusco' },
  { cciudad: 3, nombre: 'Trujillo', codigo: 'TRU', slug: 'trujillo' },
  { cciudad: 4, nombre: 'Lima', codigo: 'LIM', slug: 'lima' },
  { cciudad: 5, nombre: 'Tumbes', codigo: 'TBP', slug: 'tumbes' },
  { cciudad: 6, nombre: 'Piura', codigo: 'PIU', slug: 'piura' },
  { cciudad: 7, nombre: 'Chiclayo', codigo: 'CIX', slug: 'chiclayo' },
  { cciudad: 8, nombre: 'Ica', codigo: 'ICA', slug: 'ica' },
  { cciudad: 9, nombre: 'Nasca', codigo: 'NZC', slug: 'nasca' },
  { cciudad: 10, nombre: 'Tacna', codigo: 'TCQ', slug: 'tacna' },
  { cciudad: 11, nombre: 'Puno', codigo: 'PNO', slug: 'puno' },
  { cciudad: 12, nombre: 'Juliaca', codigo: 'JUL', slug: 'juliaca' },
  { cciudad: 13, nombre: 'Huancayo', codigo: 'HYO', slug: 'huancayo' },
  { cciudad: 14, nombre: 'Ayacucho', codigo: 'AYP', slug: 'ayacucho' },
  { cciudad: 15, nombre: 'Huaraz', codigo: 'HRZ', slug: 'huaraz' },
  { cciudad: 16, nombre: 'Cajamarca', codigo: 'CJA', slug: 'cajamarca' },
  { cciudad: 17, nombre: 'Máncora', codigo: 'MCA', slug: 'mancora' },
  { cciudad: 18, nombre: 'Chimbote', codigo: 'CHM', slug: 'chimbote' },
  { cciudad: 19, nombre: 'Paracas', codigo: 'PCS', slug: 'paracas' },
  { cciudad: 20, nombre: 'Moquegua', codigo: 'MQG', slug: 'moquegua' },
  { cciudad: 21, nombre: 'Ilo', codigo: 'ILQ', slug: 'ilo' },
  { cciudad: 22, nombre: 'Abancay', codigo: 'ABY', slug: 'abancay' },
  { cciudad: 23, nombre: 'Chachapoyas', codigo: 'CHH', slug: 'chachapoyas' },
] as const;
