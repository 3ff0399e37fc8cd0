// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { focusHeadingWhenReady, useRouteFocus } from './route-focus';

afterEach(cleanup);

function Layout() {
  useRouteFocus();
  return (
    <>
      <nav>
        <Link to="/members" data-testid="to-members">
          Members
        </Link>
        <Link to="/profile" data-testid="to-profile">
          Profile
        </Link>
        <Link to="/chats" data-testid="to-chats">
          Chats
        </Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes once its data is there. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Your chats</h1> : <p>Loading…</p>;
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Welcome</h1> },
          { path: '/members', element: <h1>Members</h1> },
          {
            path: '/profile',
            element: (
              <>
                <h1>Your profile</h1>
                <nav data-route-focus="keep">
                  <Link to="/profile/photos" data-testid="tab-photos">
                    Photos
                  </Link>
                </nav>
              </>
            ),
          },
          {
            path: '/profile/photos',
            element: (
              <>
                <h1>Your profile</h1>
                <nav data-route-focus="keep">
                  <Link to="/profile/photos" aria-current="page" data-testid="tab-photos">
                    Photos
                  </Link>
                </nav>
              </>
            ),
          },
          { path: '/chats', element: <SlowPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const activeText = () => document.activeElement?.textContent;

describe('useRouteFocus', () => {
  it('leaves focus alone on the first load, then focuses the new page heading on each page change', async () => {
    const router = renderApp();
    await screen.findByText('Welcome');
    expect(document.activeElement).toBe(document.body);

    const link = screen.getByTestId('to-members');
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(activeText()).toBe('Members'));
    expect(document.activeElement?.tagName).toBe('H1');
    // Focusable by script only: not an extra Tab stop.
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');

    // A change of the query only is no page change.
    screen.getByTestId('to-members').focus();
    await act(() => router.navigate('/members?page=2'));
    expect(activeText()).toBe('Members');
    expect(document.activeElement?.tagName).toBe('A');
  });

  it('waits for a heading that comes with the page data', async () => {
    renderApp();
    await screen.findByText('Welcome');
    fireEvent.click(screen.getByTestId('to-chats'));
    await screen.findByText('Loading…');
    await waitFor(() => expect(activeText()).toBe('Your chats'));
  });

  it('keeps focus on a link of an in-page navigation (tabs) marked data-route-focus="keep"', async () => {
    renderApp();
    await screen.findByText('Welcome');
    fireEvent.click(screen.getByTestId('to-profile'));
    await waitFor(() => expect(activeText()).toBe('Your profile'));
    const tabLink = screen.getByTestId('tab-photos');
    tabLink.focus();
    fireEvent.click(tabLink);
    await act(() => new Promise((r) => setTimeout(r, 30)));
    // The new page has the same navigation: its current link has focus.
    expect(document.activeElement?.getAttribute('data-testid')).toBe('tab-photos');
  });
});

describe('focusHeadingWhenReady', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits while a dialog is open and focuses the heading once it has closed', async () => {
    document.body.innerHTML =
      '<main id="main"><h1>Matches</h1></main><div role="dialog" aria-modal="true"><button>Ok</button></div>';
    const stop = focusHeadingWhenReady(document, 1_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(document.body);
    document.querySelector('[role="dialog"]')?.remove();
    await waitFor(() => expect(activeText()).toBe('Matches'));
    stop();
  });

  it('does not take focus back from a control the member went to meanwhile', async () => {
    document.body.innerHTML = '<main id="main"><p>Loading…</p><input id="search"></main>';
    const stop = focusHeadingWhenReady(document, 1_000);
    document.getElementById('search')?.focus();
    document.getElementById('main')?.insertAdjacentHTML('afterbegin', '<h1>Members</h1>');
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement?.id).toBe('search');
    stop();
  });

  it('focuses the main element when no heading comes in time', async () => {
    document.body.innerHTML = '<main id="main"><p>Loading…</p></main>';
    focusHeadingWhenReady(document, 30);
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });
});
