// /introduction: the onboarding screen as a page (the mobile layout also shows it once on its own).
import { Onboarding } from '../layout/Onboarding.tsx';

export default function Introduction() {
  return <Onboarding />;
}
