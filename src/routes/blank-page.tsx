import { createFileRoute } from '@tanstack/react-router';
import { BlankPage } from '#src/features/shell/components/BlankPage.tsx';
import { PhoneNotice } from '#src/features/shell/components/PhoneNotice.tsx';
import { isPhoneDevice } from '#src/features/shell/device.ts';
import { getCurrentUser } from '#src/features/auth/session.ts';

// Spec section 2: a blank page. A phone is sent here (section 1) and is told why (issue 27).
export const Route = createFileRoute('/blank-page')({
  component: BlankPageRoute,
});

function BlankPageRoute() {
  return isPhoneDevice() ? <PhoneNotice signedIn={getCurrentUser() !== null} /> : <BlankPage />;
}
