#!/usr/bin/env node
/**
 * The operators' command line: the same operator-only endpoints the API serves, called with an
 * operator's credential. Each command is one entry of COMMANDS: its usage, and what it sends.
 *
 *   OPERATOR_TOKEN=… API_URL=http://localhost:3001 node api/scripts/operator.mjs <command> [args]
 *
 * OPERATOR_TOKEN is one of the API's OPERATOR_TOKENS (`npm start` prints its demo operator's).
 */
const COMMANDS = {
  whoami: {
    usage: 'whoami                       the operator this token names',
    run: async () => print(await call('GET', '/rest/operador/yo')),
  },
  disrupt: {
    usage:
      'disrupt <trip> --delay <minutes> --reason-es <texto> --reason-en <text> [--from <terminal> --to <terminal>]\n' +
      '                               declare trip <trip> (or the stretch between two terminals) late by <minutes>; holders are told',
    run: async (args) => print(await call('POST', '/rest/operador/incidencia', disruption(args, 'retraso'))),
  },
  'cancel-trip': {
    usage:
      'cancel-trip <trip> --reason-es <texto> --reason-en <text> [--from <terminal> --to <terminal>]\n' +
      '                               cancel trip <trip> (or one stretch); holders are told and may rebook or be refunded',
    run: async (args) => print(await call('POST', '/rest/operador/incidencia', disruption(args, 'cancelacion'))),
  },
  vouchers: {
    usage:
      'vouchers [state]             electronic vouchers by SUNAT state, each with its age and term (default: refused, not sent, or waiting 24 h or more;\n' +
      '                               pendiente, aceptado, observado, rechazado, error); a warning for each one waiting 24 h or more',
    run: async ([estado]) => {
      const vouchers = await call('GET', `/rest/operador/comprobantes${estado ? `?estado=${encodeURIComponent(estado)}` : ''}`);
      print(vouchers);
      // Issue 44, SUNAT's clock: a factura not received within its term is void.
      for (const v of vouchers.filter((voucher) => voucher.alerta)) console.error(voucherWarning(v));
    },
  },
  refunds: {
    usage: 'refunds [state]              refunds by state (default: not done; pendiente, fallido = retried in the background, revision = yours to settle, hecho)',
    run: async ([estado]) => print(await call('GET', `/rest/operador/reembolsos${estado ? `?estado=${encodeURIComponent(estado)}` : ''}`)),
  },
  waitlist: {
    usage: 'waitlist                     departures with customers on the waitlist: places and seats waiting, offers out (the demand for an extra departure)',
    run: async () => print(await call('GET', '/rest/operador/espera')),
  },
  block: {
    usage:
      'block <trip> <seats> --reason <text>\n' +
      '                               set aside <seats> seats of trip <trip> (the lowest numbers free over its whole route) for a group or counter sale, until the bus leaves',
    run: async ([trip, seats, ...rest]) => {
      if (!/^\d+$/.test(trip ?? '') || !/^\d+$/.test(seats ?? '')) usage();
      print(await call('POST', '/rest/operador/bloqueo', { cviaje: Number(trip), asientos: Number(seats), motivo: options(rest).reason ?? '' }));
    },
  },
  'release-block': {
    usage: 'release-block <block>          give a seat block\'s seats back to the store (the waitlist\'s first in line is offered them)',
    run: async ([block]) => {
      if (!/^\d+$/.test(block ?? '')) usage();
      print(await call('POST', '/rest/operador/bloqueo/liberar', { cbloqueo: Number(block) }));
    },
  },
  blocks: {
    usage: 'blocks                       seat blocks of departures not yet left, newest first',
    run: async () => print(await call('GET', '/rest/operador/bloqueos')),
  },
  shipment: {
    usage: 'shipment <file.json>          record a cargo shipment paid at a counter (the body of POST /rest/operador/encomiendas); its voucher is issued and mailed',
    run: async ([file]) => {
      if (!file) usage();
      const { readFile } = await import('node:fs/promises');
      print(await call('POST', '/rest/operador/encomiendas', JSON.parse(await readFile(file, 'utf8'))));
    },
  },
  manifest: {
    usage: 'manifest <trip> [--csv|--pdf] a trip\'s passenger manifest (cviaje); JSON by default, CSV or PDF to stdout',
    run: async ([trip, format]) => {
      if (!/^\d+$/.test(trip ?? '')) usage();
      const formato = format === '--csv' ? 'csv' : format === '--pdf' ? 'pdf' : 'json';
      const answer = await call('GET', `/rest/operador/viajes/${trip}/manifiesto${formato === 'json' ? '' : `.${formato}`}`, undefined, formato === 'json' ? 'application/json' : '*/*');
      if (formato === 'json') return print(answer);
      process.stdout.write(Buffer.from(await answer.arrayBuffer()));
    },
  },
  incidents: {
    usage: 'incidents                    security incidents, newest first, each with its 48-hour term and what was reported (docs/incidents.md)',
    run: async () => print(await call('GET', '/rest/operador/incidentes')),
  },
  incident: {
    usage:
      'incident --title <t> --description <d> --from <ISO> --to <ISO> --data <cuentas,compras,reclamos,suscripciones> [--detected <ISO>]\n' +
      '                               record a security incident: the window its data were exposed in, their kinds, when it was detected (default now)',
    run: async (args) => {
      const given = options(args);
      print(await call('POST', '/rest/operador/incidentes', {
        titulo: given.title ?? '', descripcion: given.description ?? '', desde: given.from ?? '', hasta: given.to ?? '',
        datos: (given.data ?? '').split(',').filter(Boolean), detectado: given.detected ?? new Date().toISOString(),
      }));
    },
  },
  affected: {
    usage: 'affected <incident>          who is affected: each address, its language, the kinds of its data in the window',
    run: async ([id]) => {
      if (!/^\d+$/.test(id ?? '')) usage();
      print(await call('GET', `/rest/operador/incidentes/${id}/afectados`));
    },
  },
  notify: {
    usage:
      'notify <incident> <notice.json> mail the notice ({ asunto_es, asunto_en, texto_es, texto_en }) to every affected address in its language, once each\n' +
      '                               (sending it again tells only those not told yet)',
    run: async ([id, file]) => {
      if (!/^\d+$/.test(id ?? '') || !file) usage();
      const { readFile } = await import('node:fs/promises');
      print(await call('POST', `/rest/operador/incidentes/${id}/aviso`, JSON.parse(await readFile(file, 'utf8'))));
    },
  },
  reported: {
    usage: 'reported <incident> <anpd|cnsd> [<ISO>] record that the incident was reported to the ANPD or the national digital-security centre (default now)',
    run: async ([id, destino, fecha]) => {
      if (!/^\d+$/.test(id ?? '') || !destino) usage();
      print(await call('POST', `/rest/operador/incidentes/${id}/comunicado`, { destino, fecha: fecha ?? new Date().toISOString() }));
    },
  },
};

/** The warning for a voucher SUNAT has not answered for 24 h or more, in OPERATOR_LANGUAGE (es-PE by default). */
function voucherWarning(v) {
  const term = v.plazo ? new Date(v.plazo).toLocaleString(process.env.OPERATOR_LANGUAGE === 'en-EN' ? 'en-GB' : 'es-PE', { timeZone: 'America/Lima', dateStyle: 'medium', timeStyle: 'short' }) : '-';
  return process.env.OPERATOR_LANGUAGE === 'en-EN'
    ? `WARNING: voucher ${v.numero} has waited for SUNAT ${v.edad_horas} h (${v.estado}, ${v.intentos} attempts); its term ends ${term} (Lima)`
    : `AVISO: el comprobante ${v.numero} espera a SUNAT hace ${v.edad_horas} h (${v.estado}, ${v.intentos} intentos); su plazo vence el ${term} (Lima)`;
}

/** `--name value` pairs of the command line. */
function options(args) {
  const found = {};
  for (let i = 0; i < args.length; i += 1) {
    if (!args[i].startsWith('--')) continue;
    found[args[i].slice(2)] = args[i + 1];
    i += 1;
  }
  return found;
}

/** The body of a declaration; the API checks it (the reason in both languages, the minutes) and answers in OPERATOR_LANGUAGE. */
function disruption(args, tipo) {
  const trip = Number(args[0]);
  if (!Number.isInteger(trip) || trip < 1) usage();
  const given = options(args.slice(1));
  return {
    cviaje: trip,
    tipo,
    ...(tipo === 'retraso' ? { minutos: Number(given.delay) } : {}),
    ...(given.from !== undefined || given.to !== undefined ? { cterminal_origen: Number(given.from), cterminal_destino: Number(given.to) } : {}),
    motivo_es: given['reason-es'] ?? '',
    motivo_en: given['reason-en'] ?? '',
  };
}

const apiUrl = (process.env.API_URL ?? 'http://localhost:3001').replace(/\/+$/, '');
const token = process.env.OPERATOR_TOKEN;

/** Calls the API as the operator; the answer's data, or exits saying what the API refused. */
export async function call(method, path, body, accept = 'application/json') {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept,
      'accept-language': process.env.OPERATOR_LANGUAGE ?? 'es-PE',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let message = text;
    try {
      message = JSON.parse(text).message ?? text;
    } catch {
      // Not JSON: the text as it came.
    }
    console.error(`${method} ${path}: ${response.status} ${message}`);
    process.exit(1);
  }
  if (!String(response.headers.get('content-type')).includes('json')) return response;
  return (await response.json()).data;
}

function print(data) {
  console.log(JSON.stringify(data, null, 2));
}

function usage() {
  console.error(`Usage: OPERATOR_TOKEN=… [API_URL=…] node api/scripts/operator.mjs <command>\n\n${Object.values(COMMANDS).map((c) => `  ${c.usage}`).join('\n')}`);
  process.exit(2);
}

const [name, ...args] = process.argv.slice(2);
const command = COMMANDS[name];
if (!command) usage();
if (!token) {
  console.error('OPERATOR_TOKEN is not set: use one of the API\'s OPERATOR_TOKENS.');
  process.exit(2);
}
await command.run(args);
