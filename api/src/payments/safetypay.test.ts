import { createHash } from 'node:crypto';
import { startCapture, startSandbox, testCharge } from '../test/payment-fakes';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError, type ChargeRequest } from './provider';
import { createSafetyPay, parseTokenAnswer } from './safetypay';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const API_KEY = 'sp-api-key-0123456789';
const SIGNATURE_KEY = 'sp-signature-key-abcdef';
// 2026-03-01 09:30:00 in Lima.
const NOW = new Date('2026-03-01T14:30:00Z');
const now = () => NOW;

const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest =>
  testCharge({ referencia: 'ABCD2345-0123456789ab', expira: new Date(NOW.getTime() + 30 * 60_000), metodo: 'banca', ...overrides });

describe('SafetyPay CreateExpressToken', () => {
  it('posts the documented fields, signed with SHA-256 of the fields in order plus the key', async () => {
    const url = 'https://pay.example/express/token/9f8e7d';
    const fake = await startCapture(() => ({
      status: 200,
      type: 'text/plain',
      body: `0,2026-03-01T09:30:01,${url},${sha256(`2026-03-01T09:30:01${url}${SIGNATURE_KEY}`)}`,
    }));
    try {
      const safetypay = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url: `${fake.url}/express/ws/v.3.0/` }, { fetch, now, sandbox: false });
      const started = await safetypay.startCharge(charge({ idioma: 'en-EN' }));
      expect(started).toEqual({ proveedor: 'safetypay', url, cip: null, operacion: null, sandbox: false });

      const [request] = fake.requests;
      expect(request!.method).toBe('POST');
      expect(request!.path).toBe('/express/ws/v.3.0/Post/CreateExpressToken');
      expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = Object.fromEntries(new URLSearchParams(request!.body));
      const returnUrl = 'http://localhost:3000/pasajes/reserva/ABCD2345';
      expect(form).toEqual({
        ApiKey: API_KEY,
        RequestDateTime: '2026-03-01T09:30:00',
        CurrencyCode: 'PEN',
        Amount: '123.45',
        MerchantSalesID: 'ABCD2345-0123456789ab',
        Language: 'EN',
        TrackingCode: 'ABCD2345',
        ExpirationTime: '30',
        FilterBy: 'CHANNEL(OL)',
        TransactionOkURL: returnUrl,
        TransactionErrorURL: returnUrl,
        ResponseFormat: 'CSV',
        Signature: sha256(`2026-03-01T09:30:00PEN123.45ABCD2345-0123456789abENABCD234530${returnUrl}${returnUrl}${SIGNATURE_KEY}`),
      });
    } finally {
      await fake.close();
    }
  });

  it('picks the channel from the method and refuses a method SafetyPay does not take', async () => {
    const fake = await startCapture(() => ({ status: 200, type: 'text/plain', body: '9,Stop here,1' }));
    try {
      const safetypay = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url: fake.url }, { fetch, now, sandbox: false });
      await expect(safetypay.startCharge(charge({ metodo: 'efectivo' }))).rejects.toThrow(/error 9 Stop here/);
      await expect(safetypay.startCharge(charge({ metodo: 'tarjeta' }))).rejects.toThrow(PaymentProviderError);
      expect(fake.requests.map((r) => new URLSearchParams(r.body).get('FilterBy'))).toEqual(['CHANNEL(WP)', 'CHANNEL(CC)']);
      expect(new URLSearchParams(fake.requests[0]!.body).get('Language')).toBe('ES');
      await expect(safetypay.startCharge(charge({ metodo: 'cip' }))).rejects.toThrow(/does not take/);
      await expect(safetypay.startCharge(charge({ expira: new Date(NOW.getTime() + 30_000) }))).rejects.toThrow(PaymentProviderError);
      expect(fake.requests).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it('refuses an answer whose signature does not verify, or a failed call', async () => {
    let answer = { status: 200, type: 'text/plain', body: `0,2026-03-01T09:30:01,https://evil.example/pay,${sha256('2026-03-01T09:30:01https://evil.example/paywrong-key')}` };
    const fake = await startCapture(() => answer);
    try {
      const safetypay = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url: fake.url }, { fetch, now, sandbox: false });
      await expect(safetypay.startCharge(charge())).rejects.toThrow(/wrong signature/);
      answer = { status: 503, type: 'text/plain', body: 'down' };
      await expect(safetypay.startCharge(charge())).rejects.toThrow(/HTTP 503/);
    } finally {
      await fake.close();
    }
    const gone = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url: fake.url }, { fetch, now, sandbox: false, timeoutMs: 500 });
    await expect(gone.startCharge(charge())).rejects.toThrow(/unreachable/);
  });

  it('reads the XML answer too', () => {
    const xml = `<?xml version="1.0"?><ExpressTokenResponse xmlns="urn:safetypay:messages:mws:api"><ResponseDateTime>2026-03-01T09:30:01</ResponseDateTime><ShopperRedirectURL>https://pay.example/t?a=1&amp;b=2</ShopperRedirectURL><Signature>ABC</Signature><ErrorManager><ErrorNumber>0</ErrorNumber><Severity>0</Severity><Description>No Error</Description></ErrorManager></ExpressTokenResponse>`;
    expect(parseTokenAnswer(xml)).toMatchObject({ errorNumber: '0', responseDateTime: '2026-03-01T09:30:01', shopperRedirectUrl: 'https://pay.example/t?a=1&b=2', signature: 'ABC' });
    expect(parseTokenAnswer('3,Invalid Signature,1')).toMatchObject({ errorNumber: '3', description: 'Invalid Signature' });
  });

  it('is accepted by the sandbox, which refuses a wrong signature key or ApiKey as SafetyPay does', async () => {
    const sandbox = await startSandbox({ safetypay: { apiKey: API_KEY, signatureKey: SIGNATURE_KEY }, pagoefectivo: { serviceId: 1, accessKey: 'a', secretKey: 's' }, now });
    try {
      const url = `${sandbox.apiOrigin}/sandbox/safetypay/express/ws/v.3.0`;
      const good = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url }, { fetch, now, sandbox: true });
      const started = await good.startCharge(charge());
      expect(started.url).toMatch(new RegExp(`^${sandbox.apiOrigin}/sandbox/safetypay/pago/[0-9a-f]{32}$`));
      expect(started.sandbox).toBe(true);

      const wrongKey = createSafetyPay({ apiKey: API_KEY, signatureKey: 'not-the-key', url }, { fetch, now, sandbox: true });
      await expect(wrongKey.startCharge(charge())).rejects.toThrow(/error 3 Invalid Signature/);
      const wrongApiKey = createSafetyPay({ apiKey: 'someone-else', signatureKey: SIGNATURE_KEY, url }, { fetch, now, sandbox: true });
      await expect(wrongApiKey.startCharge(charge())).rejects.toThrow(/error 1 Invalid ApiKey/);
      // A request signed an hour ago is a replay.
      const late = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url }, { fetch, now: () => new Date(NOW.getTime() - 3600_000), sandbox: true });
      await expect(late.startCharge(charge())).rejects.toThrow(/error 4/);
    } finally {
      await sandbox.close();
    }
  });
});

describe('SafetyPay notifications', () => {
  const safetypay = createSafetyPay({ apiKey: API_KEY, signatureKey: SIGNATURE_KEY, url: 'https://unused.example' }, { fetch, now, sandbox: false });

  function notification(overrides: Record<string, string> = {}, key = SIGNATURE_KEY): string {
    const fields: Record<string, string> = {
      ApiKey: API_KEY,
      RequestDateTime: '2026-03-01T09:41:00',
      MerchantSalesID: 'ABCD2345-0123456789ab',
      ReferenceNo: '8812345670',
      CreationDateTime: '2026-03-01T09:40:12',
      Amount: '123.45',
      CurrencyID: 'PEN',
      PaymentReferenceNo: '55120934',
      Status: '102',
      ...overrides,
    };
    const signed = ['RequestDateTime', 'MerchantSalesID', 'ReferenceNo', 'CreationDateTime', 'Amount', 'CurrencyID', 'PaymentReferenceNo', 'Status'].map((name) => fields[name]).join('');
    return new URLSearchParams({ ...fields, Signature: overrides.Signature ?? sha256(signed + key).toUpperCase() }).toString();
  }

  it('turns a correctly signed paid notice into a PaymentNotice with exact céntimos', () => {
    expect(safetypay.verifyNotification(notification(), {})).toEqual({
      proveedor: 'safetypay',
      referencia: 'ABCD2345-0123456789ab',
      operacion: '8812345670',
      estado: 'pagado',
      montoCentimos: 12345,
      moneda: 'PEN',
    });
    expect(safetypay.verifyNotification(notification({ Status: '103', Amount: '0.10' }), {})).toMatchObject({ estado: 'rechazado', montoCentimos: 10 });
    expect(safetypay.verifyNotification(notification({ Status: '104' }), {})).toMatchObject({ estado: 'rechazado' });
  });

  it('throws InvalidSignatureError for a wrong key, a tampered field, a foreign ApiKey or a missing field', () => {
    expect(() => safetypay.verifyNotification(notification({}, 'wrong-key'), {})).toThrow(InvalidSignatureError);
    const tampered = notification().replace('Amount=123.45', 'Amount=1.45');
    expect(() => safetypay.verifyNotification(tampered, {})).toThrow(InvalidSignatureError);
    expect(() => safetypay.verifyNotification(notification({ ApiKey: 'other-merchant' }), {})).toThrow(InvalidSignatureError);
    const missing = new URLSearchParams(notification());
    missing.delete('PaymentReferenceNo');
    expect(() => safetypay.verifyNotification(missing.toString(), {})).toThrow(InvalidSignatureError);
    expect(() => safetypay.verifyNotification('', {})).toThrow(InvalidSignatureError);
  });

  it('refuses a notice whose characters moved between two fields, though its signature still verifies (issue 15)', () => {
    // The signature covers the fields run together: "…8812345670" + "2026-…" reads the same as "…881234567" + "02026-…".
    const shifts: Record<string, string>[] = [
      { ReferenceNo: '881234567', CreationDateTime: '02026-03-01T09:40:12' },
      { MerchantSalesID: 'ABCD2345-0123456789a', ReferenceNo: 'b8812345670' },
      { MerchantSalesID: 'ABCD2345-0123456789ab8', ReferenceNo: '812345670' },
      { Amount: '123.4', CurrencyID: '5PEN' },
      { PaymentReferenceNo: '5512093', Status: '4102' },
      { PaymentReferenceNo: '551209341', Status: '02' },
      { RequestDateTime: '2026-03-01T09:41:0', MerchantSalesID: '0ABCD2345-0123456789ab' },
    ];
    for (const shift of shifts) {
      const original = new URLSearchParams(notification());
      const signature = original.get('Signature')!;
      const moved = new URLSearchParams(notification({ ...shift, Signature: signature }));
      expect(() => safetypay.verifyNotification(moved.toString(), {})).toThrow(InvalidSignatureError);
    }
  });

  it('does not act on a status that is neither paid nor final', () => {
    expect(() => safetypay.verifyNotification(notification({ Status: '101' }), {})).toThrow(UnsupportedNotificationError);
  });

  it('acknowledges with the signed CSV echo SafetyPay expects', () => {
    const raw = notification();
    const reply = safetypay.acknowledge(safetypay.verifyNotification(raw, {}), raw);
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^text\/csv/);
    const cells = reply.body.split(',');
    expect(cells).toEqual([
      '0',
      '2026-03-01T09:30:00',
      'ABCD2345-0123456789ab',
      '8812345670',
      '2026-03-01T09:40:12',
      '123.45',
      'PEN',
      '55120934',
      '102',
      'ABCD2345-0123456789ab',
      sha256(`2026-03-01T09:30:00ABCD2345-0123456789ab88123456702026-03-01T09:40:12123.45PEN55120934102ABCD2345-0123456789ab${SIGNATURE_KEY}`),
    ]);
  });
});
