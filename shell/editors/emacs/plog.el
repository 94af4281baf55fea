;;; plog.el --- Log prompts with plog, recall them with prompthist  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "25.1"))
;; Keywords: tools, convenience

;;; Commentary:

;; `plog-add' logs the region (or the whole buffer) as the prompt of a new block;
;; `prompthist' recalls every past block matching a phrase into the clipboard;
;; `plog-open-log' visits the log plog uses from here.
;;
;; The model and project come from plog itself (PLOG_MODEL, the config, the newest
;; block, the git repository around `default-directory'), so they match what
;; `plog add' does on the command line; set `plog-model' or `plog-project' to
;; override them from Emacs.  The programs run without a shell, so nothing in a
;; prompt or a pattern is ever interpreted.
;;
;;   (add-to-list 'load-path "/path/to/plog/shell/editors/emacs")
;;   (require 'plog)
;;   (global-set-key (kbd "C-c p a") #'plog-add)
;;   (global-set-key (kbd "C-c p h") #'prompthist)
;;   (global-set-key (kbd "C-c p l") #'plog-open-log)

;;; Code:

(require 'subr-x)

(defgroup plog nil
  "Log prompts with plog and recall them with prompthist."
  :group 'tools
  :prefix "plog-")

(defcustom plog-program "plog"
  "The plog executable (a name on `exec-path' or an absolute path)."
  :type 'string)

(defcustom prompthist-program "prompthist"
  "The prompthist executable (a name on `exec-path' or an absolute path)."
  :type 'string)

(defcustom plog-model nil
  "Model for new blocks, or nil to let plog choose.
plog's choice: PLOG_MODEL, then `model' in its config, then the newest block's."
  :type '(choice (const :tag "plog's default" nil) string))

(defcustom plog-project nil
  "Project for new blocks, or nil to let plog choose.
plog's choice: PLOG_PROJECT, then `project' in its config, then the git
repository's directory name."
  :type '(choice (const :tag "plog's default" nil) string))

(defcustom prompthist-destination 'clipboard
  "Where `prompthist' puts what it recalls.
`clipboard': prompthist's own choice (pbcopy, wl-copy, xclip, xsel, OSC 52);
`kill-ring': the kill ring (and the system clipboard when Emacs owns one);
`buffer': the *prompthist* buffer."
  :type '(choice (const clipboard) (const kill-ring) (const buffer)))

(defun plog--run (program input &rest args)
  "Run PROGRAM with ARGS and INPUT (a string, or nil) on standard input.
Return (STATUS STDOUT STDERR), STDERR without plog's program-name prefixes."
  (let ((err-file (make-temp-file "plog-stderr")))
    (unwind-protect
        (with-temp-buffer
          (let* ((coding-system-for-write 'utf-8-unix)
                 (coding-system-for-read 'utf-8-unix)
                 (status (if input
                             (progn
                               (insert input)
                               (apply #'call-process-region (point-min) (point-max)
                                      program t (list t err-file) nil args))
                           (apply #'call-process program nil (list t err-file) nil args)))
                 (out (buffer-string))
                 (err (with-temp-buffer
                        (insert-file-contents err-file)
                        (replace-regexp-in-string
                         "^\\(plog\\|prompthist\\): " "" (string-trim (buffer-string))))))
            (list status out err)))
      (delete-file err-file))))

(defun plog--report (status message)
  "Show MESSAGE from a run that ended with STATUS; signal an error when it failed."
  (cond ((eq status 0) (message "%s" message))
        ((eq status 1) (message "%s" message))
        (t (user-error "%s" (if (string-empty-p message)
                                (format "failed with status %s" status)
                              message)))))

;;;###autoload
(defun plog-add (start end task)
  "Log the text between START and END as a prompt, with TASK (empty for none).
Interactively: the region when it is active, else the whole buffer."
  (interactive
   (let ((region (use-region-p)))
     (list (if region (region-beginning) (point-min))
           (if region (region-end) (point-max))
           (read-string "Task (empty for none): "))))
  (let ((text (buffer-substring-no-properties start end)))
    (when (string-blank-p text)
      (user-error "Nothing to log: the text is empty"))
    (let* ((args (append (list "add")
                         (unless (string-empty-p task) (list "--task" task))
                         (when plog-model (list "--model" plog-model))
                         (when plog-project (list "--project" plog-project))))
           (result (apply #'plog--run plog-program text args)))
      (plog--report (nth 0 result) (string-trim (concat (nth 1 result) (nth 2 result)))))))

(defun prompthist--default-pattern ()
  "The active region's text, else the symbol at point, else nil."
  (cond ((use-region-p)
         (string-trim (buffer-substring-no-properties (region-beginning) (region-end))))
        ((thing-at-point 'symbol t))))

;;;###autoload
(defun prompthist (patterns &optional destination)
  "Recall every past block that matches all of PATTERNS (PCRE2, caseless).
PATTERNS is a list of strings, or a string split into words the way a shell
would: `property wrapper' needs both words in a block, `\"property wrapper\"'
the phrase.  DESTINATION is as in `prompthist-destination'; with a prefix
argument, the *prompthist* buffer.  Returns prompthist's exit status (0: copied
or shown, 1: no block matched)."
  (interactive
   (let* ((default (prompthist--default-pattern))
          (typed (read-string (if default (format "Recall (default %s): " default) "Recall: ")
                              nil nil default)))
     (list typed (if current-prefix-arg 'buffer prompthist-destination))))
  (let ((patterns (if (stringp patterns) (split-string-and-unquote patterns) patterns))
        (destination (or destination prompthist-destination)))
    (when (null (delete "" patterns))
      (user-error "Nothing to search for"))
    (let* ((result (apply #'plog--run prompthist-program nil
                          (if (eq destination 'clipboard) "--copy" "--print") "--" patterns))
           (status (nth 0 result)))
      (when (eq status 0)
        (pcase destination
          ('kill-ring (kill-new (nth 1 result)))
          ('buffer (with-current-buffer (get-buffer-create "*prompthist*")
                     (let ((inhibit-read-only t))
                       (erase-buffer)
                       (insert (nth 1 result))
                       (goto-char (point-min)))
                     (special-mode)
                     (display-buffer (current-buffer))))))
      (plog--report status (nth 2 result))
      status)))

;;;###autoload
(defun plog-open-log ()
  "Visit the log plog uses from `default-directory' (see plog path)."
  (interactive)
  (let ((result (plog--run plog-program nil "path" "--quiet")))
    (unless (eq (nth 0 result) 0)
      (user-error "plog path failed: %s" (nth 2 result)))
    (find-file (string-trim (nth 1 result)))
    (goto-char (point-max))))

(provide 'plog)
;;; plog.el ends here
