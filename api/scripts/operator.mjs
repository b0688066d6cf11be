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
  vouchers: {
    usage: 'vouchers [state]             electronic vouchers by SUNAT state (default: refused or not sent; pendiente, aceptado, observado, rechazado, error)',
    run: async ([estado]) => print(await call('GET', `/rest/operador/comprobantes${estado ? `?estado=${encodeURIComponent(estado)}` : ''}`)),
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
};

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
