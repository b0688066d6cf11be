export const contentTexts = {
  'es-PE': { home: { title: 'Viaja seguro a 23 destinos del Perú' } },
  'en-EN': { home: { title: 'Travel safely to 23 destinations in Peru' } },
};
