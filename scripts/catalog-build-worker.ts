// A catalogue render worker (see catalog-build.ts): one job in, one encoded image out.
import {
  renderCatalogueJob,
  type CatalogueJob,
} from '../packages/catalog/src/build/shipped-catalogue';

export default function render(job: CatalogueJob) {
  return renderCatalogueJob(job);
}
