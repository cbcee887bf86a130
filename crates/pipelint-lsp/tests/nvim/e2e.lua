-- Neovim as the client of `pipelint lsp` (run by e2e.sh; works on Neovim 0.7 and newer).
--
-- Opens the file, waits for the server's diagnostics, records what Neovim itself reports
-- (vim.diagnostic.get), puts the cursor on the finding, asks for code actions, applies the
-- quick fix, writes the file, waits for the diagnostics to clear and stops the server.
-- Everything observed goes to a JSON report that the Rust test asserts on.

local bin = assert(os.getenv('PIPELINT_BIN'), 'PIPELINT_BIN is not set')
local file = assert(os.getenv('PIPELINT_E2E_FILE'), 'PIPELINT_E2E_FILE is not set')
local report_path = assert(os.getenv('PIPELINT_E2E_REPORT'), 'PIPELINT_E2E_REPORT is not set')
local timeout_ms = 20000

local report = { nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) }

local function write_report()
  local out = assert(io.open(report_path, 'w'))
  out:write(vim.fn.json_encode(report))
  out:close()
end

local function diagnostics_of(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(found, {
      code = d.code,
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      severity = d.severity,
      source = d.source,
      message = d.message,
    })
  end
  return found
end

local function run()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()

  local config = {
    name = 'pipelint',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  assert(client_id, 'the server did not start')

  local published = vim.wait(timeout_ms, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 20)
  assert(published, 'no diagnostics within ' .. timeout_ms .. ' ms')
  report.before = diagnostics_of(bufnr)

  -- The cursor on the finding, then "code action", as a user does.
  local first = vim.diagnostic.get(bufnr)[1]
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local params = vim.lsp.util.make_range_params(0, 'utf-16')
  local context_diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    -- Neovim 0.8+ keeps the server's diagnostic; 0.7 keeps only some of its fields.
    local lsp = d.user_data and d.user_data.lsp
    if lsp and lsp.range then
      table.insert(context_diagnostics, lsp)
    end
  end
  params.context = { diagnostics = context_diagnostics }
  local responses, err = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, timeout_ms)
  assert(responses, 'codeAction failed: ' .. tostring(err))

  local fix
  report.actions = {}
  for _, response in pairs(responses) do
    assert(not response.error, 'codeAction error: ' .. vim.inspect(response.error))
    for _, action in ipairs(response.result or {}) do
      table.insert(report.actions, action.title)
      if action.kind == 'quickfix' and action.edit and not fix then
        fix = action
      end
    end
  end
  assert(fix, 'no quick fix offered: ' .. vim.inspect(responses))
  vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16')
  vim.cmd('write')

  local cleared = vim.wait(timeout_ms, function()
    return #vim.diagnostic.get(bufnr) == 0
  end, 20)
  report.after = diagnostics_of(bufnr)
  assert(cleared, 'diagnostics still there after the fix: ' .. vim.inspect(report.after))

  vim.lsp.stop_client(client_id)
  report.stopped = vim.wait(timeout_ms, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client == nil or client.is_stopped()
  end, 20)
end

local ok, problem = xpcall(run, debug.traceback)
report.ok = ok
if not ok then
  report.error = tostring(problem)
  io.stderr:write('e2e.lua: ' .. tostring(problem) .. '\n')
end
write_report()
if ok then
  vim.cmd('qall!')
else
  vim.cmd('cquit! 1')
end
