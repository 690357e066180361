-- Learning: modules at three levels, their lesson steps and quizzes, and each learner's
-- progress, attempts and badges.
--
-- Quiz answers never reach a client: questions are public, `quiz_answers` is granted to nobody,
-- the per-answer explanations are withheld by a column grant, and `submit_quiz` (SECURITY
-- DEFINER) scores a submission. Progress, attempts and badges are written only by
-- `submit_quiz` and `complete_step`.
--
-- Badge rule: a module's badge is awarded once, the first time both conditions hold, in either
-- order: every step of the module is completed AND a quiz attempt of the module scored 100%.
-- The tier follows the module's level: beginner -> bronze, intermediate -> silver,
-- advanced -> gold.

-- ---------------------------------------------------------------------------------------------
-- Content (everyone reads, admins write)

create table public.learning_modules (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique
    constraint learning_modules_slug_shape check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  level text not null
    constraint learning_modules_level_check check (level in ('beginner', 'intermediate', 'advanced')),
  position integer not null default 0,
  badge_tier text generated always as (
    case level
      when 'beginner' then 'bronze'
      when 'intermediate' then 'silver'
      when 'advanced' then 'gold'
    end
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.learning_modules enable row level security;
revoke all on table public.learning_modules from anon, authenticated, service_role;
grant select on table public.learning_modules to anon, authenticated;
grant insert, update, delete on table public.learning_modules to authenticated;
grant select, insert, update, delete on table public.learning_modules to service_role;

-- Everyone reads the modules.
create policy "learning_modules: everyone reads"
  on public.learning_modules for select to anon, authenticated
  using (true);

-- Admins write the modules.
create policy "learning_modules: admins write"
  on public.learning_modules for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create trigger learning_modules_set_updated_at
  before update on public.learning_modules
  for each row execute function private.set_updated_at();

create table public.learning_module_translations (
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  language text not null
    constraint learning_module_translations_language_check check (language in ('fr', 'en', 'es')),
  title text not null check (char_length(title) between 1 and 200),
  summary text check (char_length(summary) <= 2000),
  primary key (module_id, language)
);
alter table public.learning_module_translations enable row level security;
revoke all on table public.learning_module_translations from anon, authenticated, service_role;
grant select on table public.learning_module_translations to anon, authenticated;
grant insert, update, delete on table public.learning_module_translations to authenticated;
grant select, insert, update, delete on table public.learning_module_translations to service_role;

-- Everyone reads the modules' texts.
create policy "learning_module_translations: everyone reads"
  on public.learning_module_translations for select to anon, authenticated
  using (true);

-- Admins write the modules' texts.
create policy "learning_module_translations: admins write"
  on public.learning_module_translations for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create table public.learning_steps (
  id uuid primary key default gen_random_uuid(),
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  position integer not null check (position > 0),
  unique (module_id, position)
);
alter table public.learning_steps enable row level security;
revoke all on table public.learning_steps from anon, authenticated, service_role;
grant select on table public.learning_steps to anon, authenticated;
grant insert, update, delete on table public.learning_steps to authenticated;
grant select, insert, update, delete on table public.learning_steps to service_role;

-- Everyone reads the lesson steps.
create policy "learning_steps: everyone reads"
  on public.learning_steps for select to anon, authenticated
  using (true);

-- Admins write the lesson steps.
create policy "learning_steps: admins write"
  on public.learning_steps for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create table public.learning_step_translations (
  step_id uuid not null references public.learning_steps (id) on delete cascade,
  language text not null
    constraint learning_step_translations_language_check check (language in ('fr', 'en', 'es')),
  title text not null check (char_length(title) between 1 and 200),
  body text not null check (char_length(body) <= 20000),
  primary key (step_id, language)
);
alter table public.learning_step_translations enable row level security;
revoke all on table public.learning_step_translations from anon, authenticated, service_role;
grant select on table public.learning_step_translations to anon, authenticated;
grant insert, update, delete on table public.learning_step_translations to authenticated;
grant select, insert, update, delete on table public.learning_step_translations to service_role;

-- Everyone reads the lessons' texts.
create policy "learning_step_translations: everyone reads"
  on public.learning_step_translations for select to anon, authenticated
  using (true);

-- Admins write the lessons' texts.
create policy "learning_step_translations: admins write"
  on public.learning_step_translations for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create table public.quiz_questions (
  id uuid primary key default gen_random_uuid(),
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  position integer not null check (position > 0),
  unique (module_id, position)
);
alter table public.quiz_questions enable row level security;
revoke all on table public.quiz_questions from anon, authenticated, service_role;
grant select on table public.quiz_questions to anon, authenticated;
grant insert, update, delete on table public.quiz_questions to authenticated;
grant select, insert, update, delete on table public.quiz_questions to service_role;

-- Everyone reads the questions (never the answers).
create policy "quiz_questions: everyone reads"
  on public.quiz_questions for select to anon, authenticated
  using (true);

-- Admins write the questions.
create policy "quiz_questions: admins write"
  on public.quiz_questions for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create table public.quiz_question_translations (
  question_id uuid not null references public.quiz_questions (id) on delete cascade,
  language text not null
    constraint quiz_question_translations_language_check check (language in ('fr', 'en', 'es')),
  prompt text not null check (char_length(prompt) between 1 and 1000),
  -- [{"key": "a", "label": "..."}, ...]
  options jsonb not null
    constraint quiz_question_translations_options_shape check (jsonb_typeof(options) = 'array'),
  -- {"a": "why a is right or wrong", ...}: one explanation per option, shown after submission.
  explanations jsonb not null default '{}'
    constraint quiz_question_translations_explanations_shape
      check (jsonb_typeof(explanations) = 'object'),
  primary key (question_id, language)
);
alter table public.quiz_question_translations enable row level security;
revoke all on table public.quiz_question_translations from anon, authenticated, service_role;
-- Column grant: explanations reveal the right answer, so clients read every column but that
-- one (a client must list its columns; `select *` is refused with 42501). submit_quiz returns
-- the explanation of each chosen option after a submission.
grant select (question_id, language, prompt, options)
  on table public.quiz_question_translations to anon, authenticated;
grant insert, update, delete on table public.quiz_question_translations to authenticated;
grant select, insert, update, delete on table public.quiz_question_translations to service_role;

-- Everyone reads the questions' texts and options.
create policy "quiz_question_translations: everyone reads"
  on public.quiz_question_translations for select to anon, authenticated
  using (true);

-- Admins write the questions' texts, options and explanations.
create policy "quiz_question_translations: admins write"
  on public.quiz_question_translations for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

create table public.quiz_answers (
  question_id uuid primary key references public.quiz_questions (id) on delete cascade,
  correct_option_key text not null check (char_length(correct_option_key) between 1 and 20)
);
alter table public.quiz_answers enable row level security;
-- No grant and no policy, on purpose: only SECURITY DEFINER functions (and the seed, run by the
-- database owner) read or write the answers.
revoke all on table public.quiz_answers from anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Per learner (owner reads; written only through the functions below)

create table public.learning_progress (
  user_id uuid not null references auth.users (id) on delete cascade,
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  completed_steps integer[] not null default '{}',
  quiz_passed_at timestamptz,
  status text not null default 'in_progress'
    constraint learning_progress_status_check check (status in ('in_progress', 'completed')),
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (user_id, module_id)
);
alter table public.learning_progress enable row level security;
revoke all on table public.learning_progress from anon, authenticated, service_role;
grant select on table public.learning_progress to authenticated;
grant select, insert, update, delete on table public.learning_progress to service_role;

-- A learner reads their own progress.
create policy "learning_progress: owner reads own rows"
  on public.learning_progress for select to authenticated
  using (user_id = (select auth.uid()));

create table public.quiz_attempts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  score integer not null check (score >= 0),
  total integer not null check (total > 0),
  passed boolean not null,
  -- The chosen option per question id.
  answers jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint quiz_attempts_score_within_total check (score <= total)
);
create index quiz_attempts_user_module_idx on public.quiz_attempts (user_id, module_id);
alter table public.quiz_attempts enable row level security;
revoke all on table public.quiz_attempts from anon, authenticated, service_role;
grant select on table public.quiz_attempts to authenticated;
grant select, insert, update, delete on table public.quiz_attempts to service_role;

-- A learner reads their own attempts.
create policy "quiz_attempts: owner reads own rows"
  on public.quiz_attempts for select to authenticated
  using (user_id = (select auth.uid()));

create table public.user_badges (
  user_id uuid not null references auth.users (id) on delete cascade,
  module_id uuid not null references public.learning_modules (id) on delete cascade,
  tier text not null constraint user_badges_tier_check check (tier in ('gold', 'silver', 'bronze')),
  awarded_at timestamptz not null default now(),
  primary key (user_id, module_id)
);
alter table public.user_badges enable row level security;
revoke all on table public.user_badges from anon, authenticated, service_role;
grant select on table public.user_badges to authenticated;
grant select, insert, update, delete on table public.user_badges to service_role;

-- A learner reads their own badges.
create policy "user_badges: owner reads own rows"
  on public.user_badges for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- Functions

-- Marks the module completed and awards its badge once every step is done and the quiz is
-- passed; returns the tier held for the module, or null. Called only by the functions below,
-- which run as the owner.
create function private.award_badge_if_earned(_user_id uuid, _module_id uuid)
returns text
language plpgsql
set search_path = ''
as $$
declare
  _progress public.learning_progress;
  _tier text;
begin
  select * into _progress
  from public.learning_progress
  where user_id = _user_id and module_id = _module_id
  for update;

  if not found or _progress.quiz_passed_at is null then
    return null;
  end if;

  if exists (
    select 1
    from public.learning_steps as s
    where s.module_id = _module_id
      and not (s.position = any (_progress.completed_steps))
  ) then
    return null;
  end if;

  update public.learning_progress
  set status = 'completed',
      completed_at = coalesce(completed_at, now()),
      updated_at = now()
  where user_id = _user_id and module_id = _module_id;

  insert into public.user_badges (user_id, module_id, tier)
  select _user_id, m.id, m.badge_tier
  from public.learning_modules as m
  where m.id = _module_id
  on conflict (user_id, module_id) do nothing;

  select b.tier into _tier
  from public.user_badges as b
  where b.user_id = _user_id and b.module_id = _module_id;
  return _tier;
end
$$;
revoke execute on function private.award_badge_if_earned(uuid, uuid) from public, anon, authenticated;

-- Scores a quiz submission of the signed-in user. _answers maps question ids to chosen option
-- keys. Returns {correct, total, passed, questions: [{question_id, chosen, correct,
-- explanation}], badge}: the explanation is the chosen option's (in _language) and the right
-- key is never returned. Passing needs 100%. Records the attempt and, when passed, the progress
-- (and the badge, see the rule above).
create function public.submit_quiz(_module_id uuid, _answers jsonb, _language text default 'fr')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
  _total integer;
  _correct integer;
  _passed boolean;
  _questions jsonb;
  _chosen jsonb;
  _badge text;
begin
  if _user_id is null then
    raise exception 'Sign in to submit a quiz.' using errcode = '42501';
  end if;
  if _answers is null or jsonb_typeof(_answers) <> 'object' then
    raise exception 'Answers must be a JSON object of question id -> option key.'
      using errcode = '22023';
  end if;
  if _language is null or _language not in ('fr', 'en', 'es') then
    raise exception 'Unknown language: %.', _language using errcode = '22023';
  end if;

  select
    count(*)::integer,
    (count(*) filter (where r.is_correct))::integer,
    coalesce(
      jsonb_agg(
        jsonb_build_object(
          'question_id', r.id,
          'chosen', r.chosen,
          'correct', r.is_correct,
          'explanation', r.explanation
        )
        order by r.position
      ),
      '[]'::jsonb
    ),
    coalesce(jsonb_object_agg(r.id, r.chosen) filter (where r.chosen is not null), '{}'::jsonb)
  into _total, _correct, _questions, _chosen
  from (
    select
      q.id,
      q.position,
      _answers ->> q.id::text as chosen,
      coalesce((_answers ->> q.id::text) = a.correct_option_key, false) as is_correct,
      t.explanations ->> (_answers ->> q.id::text) as explanation
    from public.quiz_questions as q
    left join public.quiz_answers as a on a.question_id = q.id
    left join public.quiz_question_translations as t
      on t.question_id = q.id and t.language = _language
    where q.module_id = _module_id
  ) as r;

  if _total = 0 then
    raise exception 'This module has no quiz.' using errcode = 'P0002';
  end if;
  _passed := _correct = _total;

  insert into public.quiz_attempts (user_id, module_id, score, total, passed, answers)
  values (_user_id, _module_id, _correct, _total, _passed, _chosen);

  insert into public.learning_progress as p (user_id, module_id, quiz_passed_at)
  values (_user_id, _module_id, case when _passed then now() end)
  on conflict (user_id, module_id) do update
    set quiz_passed_at = coalesce(p.quiz_passed_at, excluded.quiz_passed_at),
        updated_at = now();

  _badge := private.award_badge_if_earned(_user_id, _module_id);

  return jsonb_build_object(
    'correct', _correct,
    'total', _total,
    'passed', _passed,
    'questions', _questions,
    'badge', _badge
  );
end
$$;
revoke execute on function public.submit_quiz(uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.submit_quiz(uuid, jsonb, text) to authenticated;

-- Records that the signed-in user finished a lesson step; returns {completed_steps,
-- total_steps, quiz_passed, badge}. Awards the badge when this was the last missing piece.
create function public.complete_step(_module_id uuid, _position integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _user_id uuid := auth.uid();
  _completed integer[];
  _quiz_passed boolean;
  _total integer;
  _badge text;
begin
  if _user_id is null then
    raise exception 'Sign in to record your progress.' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.learning_steps
    where module_id = _module_id and position = _position
  ) then
    raise exception 'This module has no step %.', _position using errcode = 'P0002';
  end if;

  insert into public.learning_progress as p (user_id, module_id, completed_steps)
  values (_user_id, _module_id, array[_position])
  on conflict (user_id, module_id) do update
    set completed_steps = (
          select array_agg(distinct u.step_position order by u.step_position)
          from unnest(p.completed_steps || _position) as u (step_position)
        ),
        updated_at = now()
  returning p.completed_steps, p.quiz_passed_at is not null into _completed, _quiz_passed;

  _badge := private.award_badge_if_earned(_user_id, _module_id);

  select count(*)::integer into _total
  from public.learning_steps
  where module_id = _module_id;

  return jsonb_build_object(
    'completed_steps', to_jsonb(_completed),
    'total_steps', _total,
    'quiz_passed', _quiz_passed,
    'badge', _badge
  );
end
$$;
revoke execute on function public.complete_step(uuid, integer) from public, anon, authenticated;
grant execute on function public.complete_step(uuid, integer) to authenticated;
