import { createFileRoute } from '@tanstack/react-router';
import { BlankPage } from '#src/features/shell/components/BlankPage.tsx';
import { PhoneNotice } from '#src/features/shell/components/PhoneNotice.tsx';
import { isPhoneDevice } from '#src/features/shell/device.ts';
import { getToken } from '#src/lib/storage.ts';

// Spec section 2: a blank page. A phone is sent here (section 1) before any guard runs, and is told
// why (issue 27); with a stored sign-in it can name the shop's contact.
export const Route = createFileRoute('/blank-page')({
  component: BlankPageRoute,
});

function BlankPageRoute() {
  return isPhoneDevice() ? <PhoneNotice signedIn={getToken() !== null} /> : <BlankPage />;
}
