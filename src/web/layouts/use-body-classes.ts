import { useEffect } from 'react';
import { nicheName } from '../../shared/locales';
import { useRouteName } from '../app/route-name';

/** Body classes that theme the niche and change the footer layout: niche-*, not-index, logged-in. */
export function useBodyClasses(niche: number, loggedIn: boolean): void {
  const routeName = useRouteName();
  useEffect(() => {
    const b = document.body.classList;
    for (const c of [...b]) if (c.startsWith('niche-')) b.remove(c);
    b.add(`niche-${nicheName(niche)}`);
    b.toggle('not-index', routeName !== 'index');
    b.toggle('logged-in', loggedIn);
  }, [niche, loggedIn, routeName]);
}
