import { createFileRoute } from '@tanstack/react-router';
import { BasicInquiry } from '#src/features/checks/components/BasicInquiry.tsx';
import { clearInquiryDrafts } from '#src/features/checks/model/inquiry-draft.ts';
import { loadCurrentUser, onLoggedOut, useCurrentUser } from '#src/features/auth/session.ts';

// Kept alive (spec section 2): the page's state lives in the checks feature's draft store, so it
// is still there when the user comes back. Tablets are shared: logout forgets it.
onLoggedOut(clearInquiryDrafts);

export const Route = createFileRoute('/app/quiry/basicinquiry')({
  component: BasicInquiryRoute,
});

function BasicInquiryRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <BasicInquiry
      userId={user.id}
      // The stored user's integral is already divided by 100 (spec section 3).
      balance={Math.round(user.integral * 100)}
      onPlaced={() => void loadCurrentUser().catch(() => undefined)}
    />
  );
}
