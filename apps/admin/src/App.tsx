// The back office: the login screen until an admin signs in, the "Secure your account" flow until the
// account is secured, then the shell and the routed screen.
import { useRoute } from './app/router.ts';
import { needsSecuring, useSession } from './app/session.ts';
import { Shell } from './layout/Shell.tsx';
import { Account } from './screens/Account.tsx';
import { Adjustments } from './screens/Adjustments.tsx';
import { Contents } from './screens/Contents.tsx';
import { Customers } from './screens/Customers.tsx';
import { Dashboard } from './screens/Dashboard.tsx';
import { Exports } from './screens/Exports.tsx';
import { Instruments } from './screens/Instruments.tsx';
import { Products } from './screens/Products.tsx';
import { Staff } from './screens/Staff.tsx';
import { AuditLog } from './screens/AuditLog.tsx';
import { Channels } from './screens/Channels.tsx';
import { LedgerAudit } from './screens/LedgerAudit.tsx';
import { Exposure } from './screens/Exposure.tsx';
import { Login } from './screens/Login.tsx';
import { Nfts } from './screens/Nfts.tsx';
import { Params } from './screens/Params.tsx';
import { Positions } from './screens/Positions.tsx';
import { Reviews } from './screens/Reviews.tsx';
import { SecureAccount } from './screens/SecureAccount.tsx';
import { Support } from './screens/Support.tsx';

export function App() {
  const current = useSession();
  const route = useRoute();
  if (!current) return <Login />;
  const { admin } = current;
  // Until the password is replaced and (for deciding roles) TOTP enrolled, the server allows only /me/*.
  if (needsSecuring(admin)) return <SecureAccount admin={admin} />;
  return (
    <Shell admin={admin} route={route}>
      {route.screen === 'reviews' && <Reviews key={route.kind} kind={route.kind} admin={admin} />}
      {route.screen === 'ledger' && <LedgerAudit />}
      {route.screen === 'audit' && <AuditLog />}
      {route.screen === 'adjustments' && <Adjustments admin={admin} />}
      {route.screen === 'channels' && <Channels admin={admin} />}
      {route.screen === 'positions' && <Positions status={route.status} />}
      {route.screen === 'exposure' && <Exposure />}
      {route.screen === 'nfts' && <Nfts admin={admin} />}
      {route.screen === 'support' && <Support admin={admin} />}
      {route.screen === 'params' && <Params admin={admin} />}
      {route.screen === 'dashboard' && <Dashboard admin={admin} />}
      {route.screen === 'customers' && <Customers key={route.id ?? ''} admin={admin} id={route.id} />}
      {route.screen === 'staff' && <Staff admin={admin} />}
      {route.screen === 'account' && <Account admin={admin} />}
      {route.screen === 'instruments' && <Instruments admin={admin} />}
      {route.screen === 'products' && <Products admin={admin} />}
      {route.screen === 'contents' && <Contents admin={admin} />}
      {route.screen === 'exports' && <Exports admin={admin} />}
    </Shell>
  );
}
