// @vitest-environment happy-dom
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { prefetchLinkedScreens } from './prefetch-linked-screens';

const Nothing = () => null;
const screen = () => vi.fn(async () => ({ Component: Nothing }));

describe('prefetchLinkedScreens', () => {
  it("loads each linked screen's code once, and nothing for other sites or screens without links", async () => {
    const members = screen();
    const profile = screen();
    const pricing = screen();
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: 'members', lazy: members },
          { path: 'members/:id', lazy: profile },
          { path: 'pricing', lazy: pricing },
        ],
      },
    ];
    const page = document.createElement('div');
    page.innerHTML = `
      <a href="/members">Search</a>
      <a href="/members?page=2">Next</a>
      <a href="/members/12">Anna</a>
      <a href="/members/13">Bea</a>
      <a href="https://elsewhere.example/pricing">Elsewhere</a>
      <a href="mailto:help@example.com">Mail</a>`;
    expect(prefetchLinkedScreens(routes, page)).toBe(2);
    expect(members).toHaveBeenCalledTimes(1);
    expect(profile).toHaveBeenCalledTimes(1);
    expect(pricing).not.toHaveBeenCalled();
    // The next page change finds the same links: nothing is asked again.
    expect(prefetchLinkedScreens(routes, page)).toBe(0);
    expect(members).toHaveBeenCalledTimes(1);
  });

  it('asks again after a load failed (a flaky connection), so the code comes once it can', async () => {
    let fail = true;
    const flaky = vi.fn(async () => {
      if (fail) throw new Error('chunk failed');
      return { Component: Nothing };
    });
    const routes: RouteObject[] = [{ path: '/likes', lazy: flaky }];
    const page = document.createElement('div');
    page.innerHTML = '<a href="/likes">Likes</a>';
    expect(prefetchLinkedScreens(routes, page)).toBe(1);
    await vi.waitFor(() => expect(prefetchLinkedScreens(routes, page)).toBe(1));
    fail = false;
    expect(flaky).toHaveBeenCalledTimes(2);
  });
});
