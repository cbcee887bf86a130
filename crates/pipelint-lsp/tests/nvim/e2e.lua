-- Neovim as the client of `pipelint lsp` (run by e2e.sh; works on Neovim 0.7 and newer).
--
-- Runs the user guide's snippet for this Neovim as init.lua would, opens the file, waits for the
-- server's diagnostics, records what Neovim itself reports (vim.diagnostic.get), puts the
-- cursor on the finding, asks for code actions, applies the quick fix, writes the file, waits
-- for the diagnostics to clear, breaks pipelint.toml, saves again, waits for the config error
-- on the config file and stops the server. Everything observed goes to a JSON report that the
-- Rust test asserts on.

local init_011 = assert(os.getenv('PIPELINT_E2E_INIT_011'), 'PIPELINT_E2E_INIT_011 is not set')
local init_07 = assert(os.getenv('PIPELINT_E2E_INIT_07'), 'PIPELINT_E2E_INIT_07 is not set')
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

-- The id of the pipelint client attached to a buffer, if any.
local function pipelint_client(bufnr)
  local clients
  if vim.lsp.get_clients then
    clients = vim.lsp.get_clients({ bufnr = bufnr })
  else
    clients = vim.lsp.buf_get_clients(bufnr)
  end
  for _, client in pairs(clients) do
    if client.name == 'pipelint' then
      return client.id
    end
  end
  return nil
end

local function run()
  -- What a user's init.lua does: filetype detection is on (`-u NONE` turns it off), then
  -- the snippet for this version.
  vim.cmd('filetype on')
  if vim.lsp.config then
    report.snippet = '0.11'
    dofile(init_011)
  else
    report.snippet = '0.7'
    dofile(init_07)
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[bufnr].filetype

  local client_id
  vim.wait(timeout_ms, function()
    client_id = pipelint_client(bufnr)
    return client_id ~= nil
  end, 20)
  assert(client_id, 'the snippet attached no pipelint client to the buffer')

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

  -- A broken config, then a save: the error shows on the config file (which is not open)
  -- and the document is held back.
  local config_path = vim.fn.fnamemodify(file, ':h') .. '/pipelint.toml'
  local out = assert(io.open(config_path, 'w'))
  out:write('[rules]\nno-such-rule = "off"\n')
  out:close()
  vim.cmd('write')
  local config_bufnr = -1
  local shown = vim.wait(timeout_ms, function()
    config_bufnr = vim.fn.bufnr(config_path)
    return config_bufnr > 0
      and #vim.diagnostic.get(config_bufnr) > 0
      and #vim.diagnostic.get(bufnr) > 0
  end, 20)
  report.config = config_bufnr > 0 and diagnostics_of(config_bufnr) or {}
  report.held_back = diagnostics_of(bufnr)
  assert(shown, 'the config error was not shown: ' .. vim.inspect(report.config))

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
