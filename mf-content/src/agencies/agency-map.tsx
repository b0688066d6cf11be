import { Box } from '@rumbo/shared/ui';
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@rumbo/shared';
import type { Agency } from '../content.resource';

/** The map opens on Lima (the spec's default centre). */
export const LIMA: L.LatLngTuple = [-12.0464, -77.0428];
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A pin in the brand's colour, drawn in SVG (no image files to load). */
const PIN = L.divIcon({
  className: 'agency-pin',
  html: '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="36" viewBox="0 0 28 36" aria-hidden="true"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 36 14 36s14-11.7 14-22.1C28 6.2 21.7 0 14 0Z" fill="#0b5c55"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>',
  iconSize: [28, 36],
  iconAnchor: [14, 36],
  popupAnchor: [0, -32],
});

function addStylesOnce() {
  if (document.getElementById('leaflet-css')) return;
  const style = document.createElement('style');
  style.id = 'leaflet-css';
  style.textContent = `${leafletCss}\n.agency-pin{background:none;border:0}`;
  document.head.appendChild(style);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Leaflet map with a marker per agency: Lima by default, fitted to the agencies shown when a
 * city is chosen. Loaded only by `/oficina` (its own chunk). Without tiles (offline) the markers
 * still show and the list beside it is unaffected.
 */
export default function AgencyMap({ agencies, fit }: { agencies: Agency[]; fit: boolean }) {
  const { t } = useTranslation('content');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    addStylesOnce();
    const instance = L.map(container.current!, { center: LIMA, zoom: 11, scrollWheelZoom: false });
    L.tileLayer(TILES, { attribution: ATTRIBUTION, maxZoom: 18 }).addTo(instance);
    markers.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const group = markers.current;
    if (!instance || !group) return;
    group.clearLayers();
    for (const agency of agencies) {
      L.marker([agency.latitud, agency.longitud], { icon: PIN, title: agency.nombre, alt: agency.nombre, keyboard: true })
        .bindPopup(`<strong>${escape(agency.nombre)}</strong><br>${escape(agency.direccion)}`)
        .addTo(group);
    }
    if (fit && agencies.length) {
      instance.fitBounds(L.latLngBounds(agencies.map((a) => [a.latitud, a.longitud] as L.LatLngTuple)), { padding: [40, 40], maxZoom: 14 });
    } else {
      instance.setView(LIMA, 11);
    }
  }, [agencies, fit]);

  return <Box ref={container} role="region" aria-label={t('agencies.map')} h={{ base: '72', lg: 'full' }} minH="72" rounded="lg" overflow="hidden" data-testid="agency-map" />;
}
