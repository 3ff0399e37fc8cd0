/** Set when a member has just finished the signup steps (the spec's api_signup_complete), for this browser session. */
const KEY = 'api_signup_complete';

export function markSignupComplete(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    /* storage unavailable */
  }
}

export function isSignupJustCompleted(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearSignupComplete(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable */
  }
}
