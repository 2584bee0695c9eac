import type {
  AdminCategory,
  AdminCategoryCreate,
  AdminCategoryUpdate,
} from '@numero/contract/catalog-structure';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { actionErrorText, loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { Badge, ErrorState } from '../../components/ui/feedback.tsx';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field.tsx';
import {
  moved,
  useCreateCategory,
  useMoveService,
  useOrderCategories,
  useStaffCategories,
  useUpdateCategory,
} from './api/staff-structure.ts';
import {
  type CategoryNames,
  type CategoryNewFields,
  categoryNewResolver,
  categoryRenameResolver,
  NAME_MAX,
} from './structure-form.ts';

/** /admin/categories: create, rename, order and switch categories; move services (and their products). */
export function AdminCategoriesPage() {
  const { t } = useTranslation('admin-structure');
  const list = useStaffCategories();
  const order = useOrderCategories();
  const move = useMoveService();
  const errors = [order, move].find((m) => m.isError)?.error;
  return (
    <AdminPage width="5xl">
      <PageHeader
        back={{ to: '/admin', label: t('back') }}
        title={t('categories.title')}
        subtitle={t('categories.subtitle')}
      />
      <div className="mt-6 flex flex-col gap-4">
        <NewCategory />
        {errors && <ErrorState message={actionErrorText(errors, t('errors.action'))} />}
        {list.isPending ? (
          <TableSkeleton label={t('loading')} rows={3} />
        ) : list.isError ? (
          <ErrorState message={loadErrorText(list.error, t)} />
        ) : (
          <ol className="flex flex-col gap-4" aria-label={t('categories.title')}>
            {list.data.map((c, i) => (
              <li key={c.id} data-testid={`category-${c.slug}`}>
                <CategoryCard
                  category={c}
                  all={list.data}
                  first={i === 0}
                  last={i === list.data.length - 1}
                  onMove={(by) => order.mutate(moved(list.data, i, by).map((x) => x.id))}
                  onMoveService={(code, categoryId) => move.mutate({ code, categoryId })}
                />
              </li>
            ))}
          </ol>
        )}
      </div>
    </AdminPage>
  );
}

function NewCategory() {
  const { t } = useTranslation('admin-structure');
  const create = useCreateCategory();
  const form = useForm<CategoryNewFields, unknown, AdminCategoryCreate>({
    resolver: categoryNewResolver,
    defaultValues: { slug: '', namePt: '', nameEn: '' },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : null);
  const submit = (body: AdminCategoryCreate) => create.mutate(body, { onSuccess: () => form.reset() });
  return (
    <Card>
      <CardTitle>{t('categories.new')}</CardTitle>
      <form
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        noValidate
        className="grid items-end gap-3 sm:grid-cols-4"
        data-testid="category-new-form"
      >
        <TextField
          label={t('categories.slug')}
          hint={t('categories.slugHint')}
          {...form.register('slug')}
          error={message(errors.slug?.message)}
          autoComplete="off"
          maxLength={40}
        />
        <TextField
          label={t('categories.namePt')}
          {...form.register('namePt')}
          error={message(errors.namePt?.message)}
          autoComplete="off"
          maxLength={NAME_MAX}
        />
        <TextField
          label={t('categories.nameEn')}
          {...form.register('nameEn')}
          error={message(errors.nameEn?.message)}
          autoComplete="off"
          maxLength={NAME_MAX}
        />
        <Button type="submit" loading={create.isPending}>
          {t('categories.create')}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {actionErrorText(create.error, t('errors.action'))}
        </p>
      )}
    </Card>
  );
}

function CategoryCard({
  category: c,
  all,
  first,
  last,
  onMove,
  onMoveService,
}: {
  category: AdminCategory;
  all: AdminCategory[];
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onMoveService: (code: string, categoryId: number) => void;
}) {
  const { t, i18n } = useTranslation('admin-structure');
  // Each category as the reader's language names it (staff edit both names below).
  const nameOf = (x: { name_pt: string; name_en: string }) =>
    (i18n.resolvedLanguage ?? i18n.language) === 'en' ? x.name_en : x.name_pt;
  const update = useUpdateCategory();
  const form = useForm<CategoryNames, unknown, AdminCategoryUpdate>({
    resolver: categoryRenameResolver,
    defaultValues: { namePt: c.name_pt, nameEn: c.name_en },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : null);
  const [namePt, nameEn] = form.watch(['namePt', 'nameEn']);
  // Shown at once; the saved list replaces it when the server answers.
  const [active, setActive] = useState(c.is_active);
  const changed = namePt.trim() !== c.name_pt || nameEn.trim() !== c.name_en;
  const rename = (changes: AdminCategoryUpdate) => update.mutate({ id: c.id, changes });
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          {nameOf(c)}{' '}
          <span className="font-normal text-slate-500" translate="no">
            ({c.slug})
          </span>{' '}
          <Badge tone={c.is_active ? 'success' : 'neutral'}>
            {c.is_active ? t('active') : t('inactive')}
          </Badge>
        </h2>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('up', { name: nameOf(c) })}
            disabled={first}
            onClick={() => onMove(-1)}
            icon={<ArrowUp className="size-4" aria-hidden />}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('down', { name: nameOf(c) })}
            disabled={last}
            onClick={() => onMove(1)}
            icon={<ArrowDown className="size-4" aria-hidden />}
          />
        </div>
      </div>
      <form
        onSubmit={(e) => void form.handleSubmit(rename)(e)}
        noValidate
        aria-label={t('renameOf', { name: nameOf(c) })}
        className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        <TextField
          label={t('categories.namePt')}
          {...form.register('namePt')}
          error={message(errors.namePt?.message)}
          autoComplete="off"
          maxLength={NAME_MAX}
        />
        <TextField
          label={t('categories.nameEn')}
          {...form.register('nameEn')}
          error={message(errors.nameEn?.message)}
          autoComplete="off"
          maxLength={NAME_MAX}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!changed}
          loading={update.isPending}
          className="sm:mt-6"
        >
          {t('rename')}
        </Button>
      </form>
      <CheckboxField
        className="mt-3"
        label={t('categories.activeLabel')}
        description={t('categories.activeHint')}
        checked={active}
        onChange={(e) => {
          setActive(e.target.checked);
          update.mutate({ id: c.id, changes: { is_active: e.target.checked } });
        }}
      />
      {update.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {actionErrorText(update.error, t('errors.action'))}
        </p>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-700">{t('categories.services')}</h3>
      {c.services.length === 0 ? (
        <p className="text-sm text-slate-600">{t('categories.noServices')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {c.services.map((s) => (
            <li key={s.code} className="grid items-end gap-2 sm:grid-cols-[1fr_16rem]">
              <span className="text-sm">
                {s.name} · {t('categories.products', { count: s.product_count })}
              </span>
              <SelectField
                label={t('categories.moveTo', { name: s.name })}
                value={c.id}
                onChange={(e) => onMoveService(s.code, Number(e.target.value))}
              >
                {all.map((o) => (
                  <option key={o.id} value={o.id}>
                    {nameOf(o)}
                  </option>
                ))}
              </SelectField>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
