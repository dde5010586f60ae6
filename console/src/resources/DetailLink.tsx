import { Link } from 'react-router';
import { detailPath, type DetailTarget } from './detailPath';

/** A resource's name as a link to its detail page. */
export function DetailLink(target: DetailTarget) {
  return <Link to={detailPath(target)}>{target.name}</Link>;
}
