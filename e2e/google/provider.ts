// The OpenID Provider the Google sign-in browser test signs in at (playwright.google.config.ts starts it):
// oidc-provider on loopback with its development login and consent pages (apps/server/src/test/oidc-provider.ts).
import { startOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';

const port = Number(process.env.OIDC_PORT);
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!port || !redirectUri) throw new Error('OIDC_PORT and OIDC_REDIRECT_URI are required');
const provider = await startOidcProvider({ port, redirectUri });
console.log(`OpenID Provider at ${provider.issuer}`);
