import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useNavigate } from 'react-router';

/** Signup opens as a modal on desktop (the default and empty layouts host it) and as the /signup route on phones. */
export const DESKTOP_MIN_WIDTH = 768;

interface SignupModalState {
  open: boolean;
  memberId: number | undefined;
  show(memberId?: number): void;
  hide(): void;
}

const SignupModalContext = createContext<SignupModalState | null>(null);

export function SignupModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; memberId: number | undefined }>({
    open: false,
    memberId: undefined,
  });
  const show = useCallback((memberId?: number) => setState({ open: true, memberId }), []);
  const hide = useCallback(() => setState({ open: false, memberId: undefined }), []);
  return (
    <SignupModalContext.Provider value={{ ...state, show, hide }}>{children}</SignupModalContext.Provider>
  );
}

export function useSignupModal(): SignupModalState | null {
  return useContext(SignupModalContext);
}

/** Opens signup the way the device expects it; `memberId` is the member the visitor wants to write to. */
export function useOpenSignup() {
  const modal = useSignupModal();
  const navigate = useNavigate();
  return useCallback(
    (memberId?: number) => {
      if (modal && window.innerWidth >= DESKTOP_MIN_WIDTH) modal.show(memberId);
      else navigate(memberId ? `/members/${memberId}/signup` : '/signup');
    },
    [modal, navigate],
  );
}
