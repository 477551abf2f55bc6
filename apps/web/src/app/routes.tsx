// The route tree: the shell around every screen; unknown paths go to /.
import { Navigate, Route, Routes } from 'react-router';
import { Shell } from '../layout/Shell.tsx';
import { screens } from './screens.ts';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {screens.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
