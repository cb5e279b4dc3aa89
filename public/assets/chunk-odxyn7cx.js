import{t,_}from"./main-6zz47gmx.js";function K(s){let[r,n]=t({});return _(()=>n({}),[s]),{shown:(o,e)=>r[o]??e,choose:(o,e)=>n((c)=>({...c,[o]:e}))}}
export{K};
