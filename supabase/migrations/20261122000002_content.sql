-- Content everyone reads: the dictionary, the token sheets and their market data, plus each
-- user's favourite tokens. Admins write the dictionary and the sheets; only the service role
-- (the price-refresh function) writes market rows.

-- ---------------------------------------------------------------------------------------------
-- Dictionary

create table public.terms (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique
    constraint terms_slug_shape check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  category text not null
    constraint terms_category_check check (
      category in ('technology', 'security', 'trading', 'defi', 'tokens', 'markets', 'governance')
    ),
  related_slugs text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.terms enable row level security;
revoke all on table public.terms from anon, authenticated, service_role;
grant select on table public.terms to anon, authenticated;
grant insert, update, delete on table public.terms to authenticated;
grant select, insert, update, delete on table public.terms to service_role;

-- Everyone, signed in or not, reads the dictionary.
create policy "terms: everyone reads"
  on public.terms for select to anon, authenticated
  using (true);

-- Admins write the dictionary.
create policy "terms: admins write"
  on public.terms for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create trigger terms_set_updated_at
  before update on public.terms
  for each row execute function private.set_updated_at();

create table public.term_translations (
  term_id uuid not null references public.terms (id) on delete cascade,
  language text not null
    constraint term_translations_language_check check (language in ('fr', 'en', 'es')),
  title text not null check (char_length(title) between 1 and 200),
  short_definition text not null check (char_length(short_definition) between 1 and 500),
  body text not null check (char_length(body) <= 10000),
  example text check (char_length(example) <= 2000),
  primary key (term_id, language)
);
alter table public.term_translations enable row level security;
revoke all on table public.term_translations from anon, authenticated, service_role;
grant select on table public.term_translations to anon, authenticated;
grant insert, update, delete on table public.term_translations to authenticated;
grant select, insert, update, delete on table public.term_translations to service_role;

-- Everyone reads the dictionary's texts.
create policy "term_translations: everyone reads"
  on public.term_translations for select to anon, authenticated
  using (true);

-- Admins write the dictionary's texts.
create policy "term_translations: admins write"
  on public.term_translations for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

-- ---------------------------------------------------------------------------------------------
-- Token sheets

create table public.tokens (
  -- The market-data provider's id (CoinGecko), e.g. 'bitcoin'.
  id text primary key constraint tokens_id_shape check (id ~ '^[a-z0-9][a-z0-9._-]*$'),
  symbol text not null check (char_length(symbol) between 1 and 20),
  name text not null check (char_length(name) between 1 and 100),
  rank integer check (rank > 0),
  website_url text check (website_url ~ '^https?://'),
  whitepaper_url text check (whitepaper_url ~ '^https?://'),
  provider_url text check (provider_url ~ '^https?://'),
  last_reviewed date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.tokens enable row level security;
revoke all on table public.tokens from anon, authenticated, service_role;
grant select on table public.tokens to anon, authenticated;
grant insert, update, delete on table public.tokens to authenticated;
grant select, insert, update, delete on table public.tokens to service_role;

-- Everyone reads the token sheets.
create policy "tokens: everyone reads"
  on public.tokens for select to anon, authenticated
  using (true);

-- Admins write the token sheets.
create policy "tokens: admins write"
  on public.tokens for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create trigger tokens_set_updated_at
  before update on public.tokens
  for each row execute function private.set_updated_at();

create table public.token_translations (
  token_id text not null references public.tokens (id) on delete cascade,
  language text not null
    constraint token_translations_language_check check (language in ('fr', 'en', 'es')),
  about text,
  quick_summary text,
  use_cases text[] not null default '{}',
  strengths text[] not null default '{}',
  challenges text[] not null default '{}',
  how_to_buy text,
  how_to_store text,
  common_mistakes text[] not null default '{}',
  -- In depth, for the top tokens only.
  history text,
  technology text,
  ecosystem text,
  primary key (token_id, language)
);
alter table public.token_translations enable row level security;
revoke all on table public.token_translations from anon, authenticated, service_role;
grant select on table public.token_translations to anon, authenticated;
grant insert, update, delete on table public.token_translations to authenticated;
grant select, insert, update, delete on table public.token_translations to service_role;

-- Everyone reads the sheets' texts.
create policy "token_translations: everyone reads"
  on public.token_translations for select to anon, authenticated
  using (true);

-- Admins write the sheets' texts.
create policy "token_translations: admins write"
  on public.token_translations for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create table public.token_market (
  token_id text primary key references public.tokens (id) on delete cascade,
  price_usd numeric,
  market_cap_usd numeric,
  change_24h_pct numeric,
  volume_24h_usd numeric,
  -- When the provider last refreshed these figures, shown next to them.
  updated_at timestamptz not null default now()
);
alter table public.token_market enable row level security;
revoke all on table public.token_market from anon, authenticated, service_role;
grant select on table public.token_market to anon, authenticated;
-- No write grant to authenticated, not even admins: market rows come from the provider only.
grant select, insert, update, delete on table public.token_market to service_role;

-- Everyone reads the market data; the service role (BYPASSRLS) writes it.
create policy "token_market: everyone reads"
  on public.token_market for select to anon, authenticated
  using (true);

-- ---------------------------------------------------------------------------------------------
-- Favourites

create table public.favorites (
  user_id uuid not null references auth.users (id) on delete cascade,
  token_id text not null references public.tokens (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, token_id)
);
alter table public.favorites enable row level security;
revoke all on table public.favorites from anon, authenticated, service_role;
grant select, insert, delete on table public.favorites to authenticated;
grant select, insert, update, delete on table public.favorites to service_role;

-- A user reads their own favourites.
create policy "favorites: owner reads own rows"
  on public.favorites for select to authenticated
  using (user_id = (select auth.uid()));

-- A user adds favourites for themselves only.
create policy "favorites: owner inserts own rows"
  on public.favorites for insert to authenticated
  with check (user_id = (select auth.uid()));

-- A user removes their own favourites.
create policy "favorites: owner deletes own rows"
  on public.favorites for delete to authenticated
  using (user_id = (select auth.uid()));
