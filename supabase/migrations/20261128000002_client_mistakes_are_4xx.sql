-- A client's mistake answers 4xx, never 500. PostgREST turns a function's error into an HTTP
-- status by its SQLSTATE (https://docs.postgrest.org/en/stable/references/errors.html): P0001 is
-- 400, but every other P0 code, P0002 (no_data_found) included, is 500, and so is 55000
-- (object_not_in_prerequisite_state). The functions raised those for things a caller names
-- wrongly or too late, so a hosted project answered 500 for them:
--   P0002  an unknown module or step (submit_quiz and check_quiz through private.grade_quiz,
--          complete_step), user (admin_set_role), term (admin_save_term, admin_delete_term),
--          sheet (admin_save_token, admin_delete_token), draft or draft sheet
--          (admin_publish_draft);
--   55000  a draft that is no longer a draft (admin_publish_draft, and the generated_content
--          trigger private.guard_generated_content for any other change).
-- They now raise PostgREST's own status codes, `PT404` (404 Not Found) and `PT409` (409
-- Conflict), which PostgREST answers with that status and that code, message and details.
--
-- Only the SQLSTATE changes, so the functions are rewritten from their current definitions
-- rather than copied out here: every function of `public` and `private` raising one of the two
-- codes, whichever migration last defined it. CREATE OR REPLACE keeps their owner, grants,
-- settings and comments.

do $$
declare
  _function regprocedure;
  _definition text;
  _rewritten text;
begin
  for _function in
    select p.oid::regprocedure
    from pg_catalog.pg_proc p
    where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
      and p.prokind = 'f'
      and p.prosrc ~ 'errcode = ''(P0002|55000)'''
    order by p.oid
  loop
    _definition := pg_catalog.pg_get_functiondef(_function);
    _rewritten := replace(
      replace(_definition, 'errcode = ''P0002''', 'errcode = ''PT404'''),
      'errcode = ''55000''', 'errcode = ''PT409'''
    );
    execute _rewritten;
  end loop;

  -- The list above, checked: a function left raising either code would answer 500 again.
  if exists (
    select 1 from pg_catalog.pg_proc p
    where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
      and p.prosrc ~ 'errcode = ''(P0002|55000)'''
  ) then
    raise exception 'A function still raises P0002 or 55000.';
  end if;
end
$$;
