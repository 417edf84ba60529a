/**
 * Packages that only some requests need, loaded by the first such request instead of at every start (decision
 * record 098): the PDF engine (pdfkit, with fontkit, its WOFF2 decoder and Unicode tables), QR codes, the
 * payment gateway's SDK (with its HTTP client) and the WebAuthn library (with its X.509 and ASN.1 parsers).
 * Loading them was about a third of a second of the 2.2 CPU-seconds a server process spent starting, in every
 * process of every instance, for a certificate or a passkey that most processes never serve. Node keeps a loaded module,
 * so each later call costs a resolved promise. ESLint refuses any other value import of these packages in
 * server/ (eslint.config.js); their types may still be imported anywhere.
 */
export const pdfkit = async () => (await import('pdfkit')).default;
export const qrcode = async () => (await import('qrcode')).default;
export const razorpaySdk = async () => (await import('razorpay')).default;
export const webauthn = () => import('@simplewebauthn/server');
