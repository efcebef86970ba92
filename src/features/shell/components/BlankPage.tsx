/** Spec section 2: a blank page (phones other than tablets are sent here). */
export function BlankPage() {
  return <div data-testid="blank-page" style={{ minHeight: '100vh' }} />;
}
