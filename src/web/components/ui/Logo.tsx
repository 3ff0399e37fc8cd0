import { Link } from 'react-router';

export function Logo({ name, to = '/' }: { name: string; to?: string }) {
  return (
    <Link to={to} className="brand d-inline-flex align-items-center gap-2 text-decoration-none">
      <span className="brand-mark" aria-hidden="true">
        <i className="bi bi-heart-fill" />
      </span>
      <span className="brand-name">{name}</span>
    </Link>
  );
}
