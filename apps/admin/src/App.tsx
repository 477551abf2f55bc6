// The back office: the login screen until an admin signs in, then the shell and the routed screen.
import { useRoute } from './app/router.ts';
import { useSession } from './app/session.ts';
import { Shell } from './layout/Shell.tsx';
import { Adjustments } from './screens/Adjustments.tsx';
import { AuditLog } from './screens/AuditLog.tsx';
import { Channels } from './screens/Channels.tsx';
import { LedgerAudit } from './screens/LedgerAudit.tsx';
import { Exposure } from './screens/Exposure.tsx';
import { Login } from './screens/Login.tsx';
import { Nfts } from './screens/Nfts.tsx';
import { Params } from './screens/Params.tsx';
import { Positions } from './screens/Positions.tsx';
import { Reviews } from './screens/Reviews.tsx';
import { Support } from './screens/Support.tsx';
import { Users } from './screens/Users.tsx';

export function App() {
  const current = useSession();
  const route = useRoute();
  if (!current) return <Login />;
  const { admin } = current;
  return (
    <Shell admin={admin} route={route}>
      {route.screen === 'reviews' && <Reviews key={route.kind} kind={route.kind} admin={admin} />}
      {route.screen === 'users' && <Users admin={admin} />}
      {route.screen === 'ledger' && <LedgerAudit />}
      {route.screen === 'audit' && <AuditLog />}
      {route.screen === 'adjustments' && <Adjustments admin={admin} />}
      {route.screen === 'channels' && <Channels admin={admin} />}
      {route.screen === 'positions' && <Positions status={route.status} />}
      {route.screen === 'exposure' && <Exposure />}
      {route.screen === 'nfts' && <Nfts admin={admin} />}
      {route.screen === 'support' && <Support admin={admin} />}
      {route.screen === 'params' && <Params admin={admin} />}
    </Shell>
  );
}
