import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CmsContent } from './components/cms-content';

function show(html: string) {
  return render(
    <MemoryRouter>
      <CmsContent html={html} />
    </MemoryRouter>,
  );
}

describe('CMS content', () => {
  it('renders headings, paragraphs, lists and links', () => {
    show(
      '<h2>1. Who may play</h2><p>Adults <strong>only</strong>.</p><ul><li>One account</li></ul><p><a href="/privacy-policy">Privacy Policy</a></p>',
    );
    expect(screen.getByRole('heading', { level: 2, name: '1. Who may play' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('One account');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('drops scripts, event handlers, styles and unsafe link targets', () => {
    const { container } = show(
      '<p onclick="alert(1)" style="color:red" class="x">Text</p><script>document.title = "hacked"</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><iframe src="https://evil.example"></iframe>',
    );
    expect(container.innerHTML).not.toMatch(/onclick|onerror|style=|script|iframe|javascript:|<img/i);
    expect(screen.getByText('Text')).toBeInTheDocument();
    expect(screen.getByText('bad').tagName).toBe('SPAN');
  });

  it('opens outside links in a new tab without an opener', () => {
    show('<p><a href="https://www.ncpgambling.org">NCPG</a></p>');
    const link = screen.getByRole('link', { name: 'NCPG' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
