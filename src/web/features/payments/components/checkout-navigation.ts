/**
 * Leaving the app for the payment provider's page. A full page load on purpose (the provider's page is another site,
 * or for the test provider a server page): tests replace `assign`.
 */
export const checkoutNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
