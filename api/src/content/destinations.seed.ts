import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { destino } from './destinations.tables';

/** The five destination pages (DECISIONS.md, Cities), by city code. */
export const DESTINATIONS = [
  {
    cciudad: 1,
    resumen_es: 'La Ciudad Blanca, entre volcanes y sillar.',
    resumen_en: 'The White City, among volcanoes and sillar stone.',
    descripcion_es: 'Arequipa se levanta al pie del Misti, con su centro histórico de sillar blanco, el monasterio de Santa Catalina y una cocina famosa en todo el país. Desde aquí parten las excursiones al cañón del Colca.',
    descripcion_en: 'Arequipa stands at the foot of El Misti, with its historic centre built of white sillar stone, the Santa Catalina monastery and a cuisine famous all over the country. Trips to the Colca Canyon start here.',
  },
  {
    cciudad: 2,
    resumen_es: 'La capital histórica del Perú, puerta de Machu Picchu.',
    resumen_en: "Peru's historic capital, gateway to Machu Picchu.",
    descripcion_es: 'Cusco, antigua capital del Tahuantinsuyo, combina muros incas y templos coloniales a 3400 metros de altura. Es el punto de partida hacia el Valle Sagrado y Machu Picchu.',
    descripcion_en: 'Cusco, the ancient capital of the Inca empire, combines Inca walls and colonial churches at 3,400 metres. It is the starting point for the Sacred Valley and Machu Picchu.',
  },
  {
    cciudad: 4,
    resumen_es: 'La capital: gastronomía, historia y el Pacífico.',
    resumen_en: 'The capital: food, history and the Pacific.',
    descripcion_es: 'Lima, la capital del Perú, reúne el centro histórico declarado Patrimonio de la Humanidad, los malecones de Miraflores frente al Pacífico y una gastronomía reconocida en el mundo. Es el centro de nuestra red de rutas.',
    descripcion_en: "Lima, Peru's capital, brings together a historic centre listed as World Heritage, the Miraflores clifftop walks over the Pacific and world-renowned food. It is the hub of our route network.",
  },
  {
    cciudad: 3,
    resumen_es: 'La ciudad de la eterna primavera.',
    resumen_en: 'The city of eternal spring.',
    descripcion_es: 'Trujillo, en la costa norte, guarda la ciudadela de barro de Chan Chan, las huacas del Sol y de la Luna y la playa de Huanchaco con sus caballitos de totora.',
    descripcion_en: 'Trujillo, on the northern coast, is home to the adobe citadel of Chan Chan, the Temples of the Sun and the Moon and Huanchaco beach with its reed boats.',
  },
  {
    cciudad: 5,
    resumen_es: 'Sol todo el año y las playas del norte.',
    resumen_en: 'Sun all year round and the northern beaches.',
    descripcion_es: 'Tumbes, en la frontera norte, ofrece playas cálidas todo el año, manglares y una puerta de entrada a Zorritos y Punta Sal.',
    descripcion_en: 'Tumbes, on the northern border, offers warm beaches all year round, mangrove forests and easy access to Zorritos and Punta Sal.',
  },
] as const;

export async function seedDestinations(db: Database): Promise<void> {
  await db
    .insert(destino)
    .values([...DESTINATIONS])
    .onConflictDoUpdate({
      target: destino.cciudad,
      set: Object.fromEntries(
        ['resumen_es', 'resumen_en', 'descripcion_es', 'descripcion_en'].map((column) => [column, sql.raw(`excluded.${column}`)]),
      ),
    });
}
