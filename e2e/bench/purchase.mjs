/**
 * A purchase made through the API as the purchase steps make it, for the benches that measure a
 * page with real state: a chosen trip (step 1), a held seat (step 2), a pending reservation
 * (step 3), for the site started on `port` (its API on `port + 1`: site.mjs).
 */
import { limaDate } from './site.mjs';
// The adult passenger every package's tests use (one definition).
import PASSENGER from '../../shared/src/testing/passenger.json' with { type: 'json' };

async function post(port, pathname, body) {
  const response = await fetch(`http://localhost:${port + 1}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A trip as step 1 leaves it in session storage, for step 2. */
export async function chosenTrip(port, days) {
  const search = { origen: 'LIM', destino: 'AQP', fecha: limaDate(days), pasajeros: 1 };
  const trips = await post(port, '/rest/viaje', { origen: 'LIM', destino: 'AQP', fecha: search.fecha, cusuario: 50005, coficina_venta: 577 });
  return { CRESERVA: { search, ida: trips[0], tramo: 'ida' } };
}

/** A purchase as steps 1–2 leave it in session storage: one held seat of a Lima → Arequipa trip. */
export async function heldPurchase(port, days) {
  const search = { origen: 'LIM', destino: 'AQP', fecha: limaDate(days), pasajeros: 1 };
  const trips = await post(port, '/rest/viaje', { origen: 'LIM', destino: 'AQP', fecha: search.fecha, cusuario: 50005, coficina_venta: 577 });
  const trip = trips[0];
  const ref = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino };
  const map = await post(port, '/rest/maqueta', { ...ref, susuario: 'TVIRT', cusuario: 50005 });
  const cell = map.asientos.find((seat) => seat.gobjeto_sitio === 1 && seat.gestado_asiento === 83);
  const seat = { ...ref, cviaje_asiento: cell.cviaje_asiento, nasiento: cell.nasiento, gnivel_piso: cell.gnivel_piso, gcategoria_asiento: cell.gcategoria_asiento };
  const hold = await post(port, '/rest/asiento/bloquear', { ...seat, gestado_asiento: 84, susuario: 'TVIRT', cusuario: 50005 });
  return {
    trip,
    seat,
    clave: hold.clave_bloqueo,
    CRESERVA: { search, ida: trip, tramo: 'ida', clave_bloqueo: hold.clave_bloqueo },
    ASIENTOS: [{ ...seat, clave_bloqueo: hold.clave_bloqueo, expira: hold.expira, precio: hold.precio }],
  };
}

/** A pending reservation of a held seat, as step 3 leaves it. */
export async function pendingReservation(port, days) {
  const purchase = await heldPurchase(port, days);
  const pasajero = { ...PASSENGER, numero: String(40000000 + days) };
  await post(port, '/rest/asiento/asociar', { clave_bloqueo: purchase.clave, cviaje_asiento: purchase.seat.cviaje_asiento, pasajero });
  const view = await post(port, '/rest/venta/reserva', {
    clave_bloqueo: purchase.clave,
    comprador: { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta' },
    terminos: true,
  });
  return { codigo: view.codigo, storage: { CRESERVA: { ...purchase.CRESERVA, codigo: view.codigo } } };
}

