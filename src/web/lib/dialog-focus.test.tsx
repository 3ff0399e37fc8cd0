// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialControl, installDialogFocus } from './dialog-focus';

let uninstall: () => void = () => undefined;
beforeAll(() => {
  uninstall = installDialogFocus(document);
});
afterAll(() => uninstall());
afterEach(cleanup);

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
const focused = () =>
  (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName;

function Dialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} animation={false} data-testid="dialog">
      <Modal.Header closeButton closeLabel="Close" />
      <Modal.Body>
        <p>It is a match!</p>
        <a href="/chats/1" data-testid="first">
          Send a message
        </a>
        <button type="button" disabled>
          Not now
        </button>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" onClick={onHide} data-testid="last">
          Keep browsing
        </button>
      </Modal.Footer>
    </Modal>
  );
}

/** A page with a heading and a Like button that is disabled while it is busy, as the profile's is. */
function LikePage({ openOnLoad = false }: { openOnLoad?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(openOnLoad);
  return (
    <main id="main">
      <h1>Eva</h1>
      <button
        type="button"
        disabled={busy}
        data-testid="like"
        onClick={() => {
          setBusy(true);
          // The answer comes: the button is free again and the match dialog opens.
          setTimeout(() => {
            setBusy(false);
            setOpen(true);
          }, 10);
        }}
      >
        Like
      </button>
      <Dialog show={open} onHide={() => setOpen(false)} />
    </main>
  );
}

describe('installDialogFocus', () => {
  it('opens a dialog on its first control, not on the dialog box', async () => {
    render(<Dialog show onHide={() => undefined} />);
    await waitFor(() => expect(focused()).toBe('first'));
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<Dialog show onHide={() => undefined} />);
    await waitFor(() => expect(focused()).toBe('first'));
    const close = screen.getByLabelText('Close');
    // Shift+Tab on the first control (the header's close button) goes round to the last, not out of the dialog.
    act(() => close.focus());
    tab(true);
    expect(focused()).toBe('last');
    // And Tab on the last back to the first.
    tab();
    expect(document.activeElement).toBe(close);
    // Focus on the box itself (a click on its blank area): Shift+Tab goes to the last control, not out.
    const box = document.querySelector<HTMLElement>('[role="dialog"]')!;
    act(() => box.focus());
    expect(document.activeElement).toBe(box);
    tab(true);
    expect(focused()).toBe('last');
  });

  it('gives focus back to the Like button that opened it, though the button was busy (disabled) then', async () => {
    render(<LikePage />);
    const like = screen.getByTestId('like');
    like.focus();
    fireEvent.click(like);
    await waitFor(() => expect(focused()).toBe('first'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe('like'));
  });

  it('gives focus to the page heading when nothing opened the dialog (a warning shown on arrival)', async () => {
    render(<LikePage openOnLoad />);
    await waitFor(() => expect(focused()).toBe('first'));
    fireEvent.click(screen.getByTestId('last'));
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });
});

describe('initialControl', () => {
  function dialog(html: string): HTMLElement {
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    return el;
  }
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('prefers a control marked data-autofocus, then the body, the footer, and only then the header', () => {
    const header = '<div class="modal-header"><button id="close">x</button></div>';
    expect(
      initialControl(
        dialog(
          `${header}<div class="modal-body"><input id="a"><input id="b" data-autofocus></div><div class="modal-footer"><button id="c">ok</button></div>`,
        ),
      )?.id,
    ).toBe('b');
    expect(
      initialControl(
        dialog(
          `${header}<div class="modal-body"><p>text</p><input id="a"></div><div class="modal-footer"><button id="c">ok</button></div>`,
        ),
      )?.id,
    ).toBe('a');
    expect(
      initialControl(
        dialog(
          `${header}<div class="modal-body"><p>text</p></div><div class="modal-footer"><button id="c">ok</button></div>`,
        ),
      )?.id,
    ).toBe('c');
    expect(initialControl(dialog(`${header}<div class="modal-body"><p>text</p></div>`))?.id).toBe('close');
  });
});
