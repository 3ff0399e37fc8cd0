// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fillInfoText, InfoText, splitInfoText } from './info-text';

afterEach(cleanup);

describe('info texts', () => {
  it('lets a value that ends in a full stop end the sentence', () => {
    const vars = { companyName: 'Amora Media B.V.', siteName: 'Amora' };
    expect(fillInfoText('"we" refer to {{companyName}}. "You" means you.', vars)).toBe(
      '"we" refer to Amora Media B.V. "You" means you.',
    );
    expect(fillInfoText('Run by {{companyName}}, in town.', vars)).toBe('Run by Amora Media B.V., in town.');
    expect(fillInfoText('Welcome to {{siteName}}.', vars)).toBe('Welcome to Amora.');
  });

  it('keeps unknown placeholders as written', () => {
    expect(fillInfoText('{{nope}} at {{siteName}}', { siteName: 'Amora' })).toBe('{{nope}} at Amora');
    expect(splitInfoText('plain', {})).toEqual([{ text: 'plain' }]);
  });

  it('renders the support address and phone as links, values as text, never as markup', () => {
    const { container } = render(
      <p>
        <InfoText
          text="Mail {{supportEmail}} or call {{supportPhone}} about {{siteName}}."
          vars={{ supportEmail: 'a@b.example', supportPhone: '+31200000000', siteName: '<b>X</b>' }}
        />
      </p>,
    );
    const links = [...container.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([
      ['mailto:a@b.example', 'a@b.example'],
      ['tel:+31200000000', '+31200000000'],
    ]);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('Mail a@b.example or call +31200000000 about <b>X</b>.');
  });

  it('does not link an empty phone number', () => {
    const { container } = render(<InfoText text="Call {{supportPhone}}." vars={{ supportPhone: '' }} />);
    expect(container.querySelector('a')).toBeNull();
  });
});
