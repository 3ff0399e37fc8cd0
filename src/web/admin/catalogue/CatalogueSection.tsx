import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { NotFoundPage } from '../components/StatusPages';
import { BundlesPage } from './BundlesPage';
import { DiscountsPage } from './DiscountsPage';
import { DiscountUsesPage } from './DiscountUsesPage';

/** The catalogue section (/admin/catalogue, admins): bundles and prices; discount codes at /discounts. */
export function CatalogueSection() {
  const { t } = useTranslation('catalogue');
  return (
    <ConsolePage title={t('title')}>
      <nav className="nav nav-tabs mb-3" aria-label={t('title')}>
        <NavLink end to="" className="nav-link">
          {t('tab.bundles')}
        </NavLink>
        <NavLink to="discounts" className="nav-link" data-testid="catalogue-tab-discounts">
          {t('tab.discounts')}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<BundlesPage />} />
        <Route path="discounts" element={<DiscountsPage />} />
        <Route path="discounts/:id" element={<DiscountUsesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ConsolePage>
  );
}
