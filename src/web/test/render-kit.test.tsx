// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderWithKit, resetKit } from './render-kit';

afterEach(resetKit);

function Hello() {
  const { t } = useTranslation('greet');
  const { name } = useParams();
  return <p>{t('hello', { name })}</p>;
}

describe('render kit', () => {
  it('renders a route with its texts and the URL the router starts at', async () => {
    await renderWithKit({
      routes: [{ path: '/hi/:name', element: <Hello /> }],
      path: '/hi/Eva',
      lng: 'nl',
      texts: { greet: { hello: 'Hallo {{name}}' } },
    });
    expect(screen.getByText('Hallo Eva')).toBeTruthy();
  });

  it('answers API calls by method and file, in turn, and records them', async () => {
    const api = mockApi({
      'GET likes.php': [() => json(200, { n: 1 }), () => json(200, { n: 2 })],
      'POST like.php': ({ body }) => json(200, body),
    });
    const get = async () => (await (await fetch('/api/likes.php?tab=given')).json()) as { n: number };
    expect((await get()).n).toBe(1);
    expect((await get()).n).toBe(2);
    expect((await get()).n).toBe(2);
    const posted = await fetch('/api/like.php', { method: 'POST', body: JSON.stringify({ id: 7 }) });
    expect(await posted.json()).toEqual({ id: 7 });
    expect((await fetch('/api/other.php')).status).toBe(404);
    expect(api.calls).toEqual([
      'GET likes.php',
      'GET likes.php',
      'GET likes.php',
      'POST like.php',
      'GET other.php',
    ]);
    expect(api.bodies[3]).toEqual({ id: 7 });
  });

  it('fails a call nobody expects when strict', async () => {
    mockApi({}, { strict: true });
    await expect(fetch('/api/user.php')).rejects.toThrow('unexpected call GET user.php');
  });
});
