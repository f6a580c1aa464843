package fast

// processParams runs the router's parameter callbacks for the keys of the
// matched layer e, then the layer, as router.process_params does: each
// callback list runs once per router, request and parameter value.
func (c *state) processParams(f *frame, e *entry, layerErr error, layerPath, path string) {
	p := c.push(f, frameParam)
	p.player, p.perr, p.plpath, p.ppath = e, layerErr, layerPath, path
	p.pkeys = e.keys
	p.pki = 0
	p.pcbs = nil
	c.paramKey(p, nil)
}

// paramKey moves to the next key, as process_params's param(err).
func (c *state) paramKey(p *frame, err error) {
	f := p.parent
	for err == nil {
		if p.pki >= len(p.pkeys) {
			c.paramsDone(p, nil)
			return
		}
		name := p.pkeys[p.pki].Name
		p.pki++
		val, ok := c.req.paramValue(name)
		cbs := f.comp.params[name]
		if !ok || len(cbs) == 0 {
			continue
		}
		call := -1
		for i := range f.called {
			if f.called[i].name == name {
				call = i
				break
			}
		}
		if call >= 0 {
			pc := &f.called[call]
			if pc.match == val || pc.err != nil && pc.err != SkipRoute {
				c.req.setParamValue(name, pc.value)
				err = pc.err
				continue
			}
			*pc = paramCall{name: name, match: val, value: val}
		} else {
			f.called = append(f.called, paramCall{name: name, match: val, value: val})
			call = len(f.called) - 1
		}
		p.pcall = call
		p.pname = name
		p.pval = val
		p.pcbs = cbs
		p.pcbi = 0
		c.paramNext(p, nil)
		return
	}
	c.paramsDone(p, err)
}

// paramNext is the Next of a parameter callback: process_params's
// paramCallback(err).
func (c *state) paramNext(p *frame, err error) {
	f := p.parent
	pc := &f.called[p.pcall]
	if v, ok := c.req.paramValue(p.pname); ok {
		pc.value = v
	}
	if err != nil {
		pc.err = err
		c.paramKey(p, err)
		return
	}
	if p.pcbi >= len(p.pcbs) {
		c.paramKey(p, nil)
		return
	}
	fn := p.pcbs[p.pcbi]
	p.pcbi++
	c.callParam(p, fn)
}

func (c *state) callParam(p *frame, fn ParamHandler) {
	gen, done := p.gen, false
	defer func() {
		if !done {
			c.recovered(p, gen, recover())
		}
	}()
	c.at = p
	fn(&c.req, &c.res, p.next, p.pval, p.pname)
	done = true
}

// paramsDone is process_params's done: an error goes to the router's next,
// otherwise the layer runs.
func (c *state) paramsDone(p *frame, err error) {
	f := p.parent
	e, layerErr, layerPath, path := p.player, p.perr, p.plpath, p.ppath
	if err != nil {
		if layerErr != nil {
			err = layerErr
		}
		f.next(errArg(err)...)
		return
	}
	c.runLayer(f, e, layerErr, layerPath, path)
}
